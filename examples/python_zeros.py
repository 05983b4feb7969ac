"""Lee-Yang zeros, a trajectory and an exact table from Python.

Run after README command 2:  build/venv/bin/python examples/python_zeros.py
Convention: z = exp(-2h), F(theta) = Z(i theta); the principal zeros are
0 < theta_1 < ... < theta_n < pi/2 (z_j = exp(-2 i theta_j)).
"""
import hkz

# Curie-Weiss K_10, coupling t = 0.05 per edge (beta = 1/2)
z = hkz.zeros.cw(n=10, t="0.05", digits=20)
for j, theta, ok in zip(z.j, z, z.certified):
    print("theta_%d = %s  certified: %s" % (j, theta.str(20, radius=False),
                                          ok))
print(z.note)

# a graph built in code: the 4-cycle with one weak bond
c4 = [(0, 1, 2), (1, 2, 1), (2, 3, 2), (3, 0, "0.05")]
g = hkz.zeros.graph(c4, digits=15)
print("C4 zeros:", [x.str(15, radius=False) for x in g],
      "complete:", g.complete)

# certified trajectories of K_6 for t in [0.1, 0.5]: every zero decreases
tr = hkz.track.cw(n=6, t0="0.1", t1="0.5", digits=10)
print("K_6 trajectories: zeros", sorted(tr.steps), "all reached t1:",
      all(tr.done.values()), " decreasing (cw_decrease):", tr.decreasing)

# the exact density of states of the 4 x 4 torus
d = hkz.dos.lattice(L=4, M=4)
print("4x4 torus: %d configurations, g(b=0, k=0) = %d, table %d x %d"
      % (d.total, d.g[0 - d.bmin, 0], len(d.b), len(d.k)))
