"""Heat kernels, a distance and a grid from Python (the package hkz).

Run after README command 2 (which installs the package into build/venv):
    build/venv/bin/python examples/python_heat.py
Numbers go in exactly (strings, ints, Fractions; a float is its binary
value) and come back as python-flint arb balls that contain the true value.
"""
from fractions import Fraction

import hkz

# h_t(alpha) on SU(2) (N_unit: Delta = -(X^2+Y^2+Z^2), Haar probability
# measure) to 30 significant digits
h = hkz.heat.su2(t="0.5", alpha=1, digits=30)
print("h_0.5(1)        =", h.str(30, radius=False))
print("  radius below 1e-30 * value:", h.rad() < 1e-30 * abs(h.mid()))

# the sub-Laplacian kernel p_t(r, z) and its time derivative
p = hkz.heat.su2_sub(t="0.1", r="0.3", z="1.2", digits=25)
dp = hkz.heat.su2_sub(t="0.1", r="0.3", z="1.2", digits=25, deriv=1)
print("p_0.1(0.3, 1.2) =", p.str(25, radius=False))
print("d/dt p_t        =", dp.str(25, radius=False))

# exact inputs: Fraction(1, 10) is the same point as the string "0.1"
q = hkz.heat.su2_sub(t=Fraction(1, 10), r=Fraction(3, 10), z="1.2",
                     digits=25)
print("same ball from Fractions:", q.mid() == p.mid() and q.rad() == p.rad())

# the Carnot-Caratheodory distance from e
d = hkz.dist.su2(metric="cc", r="0.3", z="0.5", digits=25)
print("d_CC(e, g)      =", d.str(25, radius=False))

# a grid into numpy arrays: p_t(r, z) on r x z x t
g = hkz.grid.heat_su2_sub(r="0:1.5:4", z="0,1", t="0.25,0.5", digits=10)
print("grid shape", g.mid.shape, "axes r", g.r.tolist(), "z", g.z.tolist(),
      "t", g.t.tolist())
print("all certified:", bool(g.certified.all()),
      " max rad/|mid| < 1e-10:", bool((g.rad < 1e-10 * abs(g.mid)).all()))
print("p_0.25(e) from the grid = %.10g" % g.mid[0, 0, 0])

# bad input raises hkz.HkzError with the status name and the message
try:
    hkz.heat.su2(t="-1", alpha=1)
except hkz.HkzError as e:
    print("error:", e.name)
