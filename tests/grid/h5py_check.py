"""Reads the file written by h5-roundtrip with h5py (issue 11: readable by
h5py): datasets of one length, the run record attribute, enclosures."""
import sys
import h5py
import numpy as np

with h5py.File(sys.argv[1], "r") as f:
    names = sorted(f.keys())
    assert names == ["certified", "deriv", "mid", "r", "rad", "scalar", "t",
                     "z"], names
    n = f["mid"].shape[0]
    assert n == 600 and all(f[k].shape == (n,) for k in names)
    assert f.attrs["command"] == "hkz grid heat su2-sub", f.attrs["command"]
    assert np.all(f["certified"][:] == 1)
    assert np.all(f["rad"][:] > 0) and np.all(f["mid"][:] > 0)
    assert set(np.unique(f["t"][:])) == {0.3, 1.0}
print("h5py ok")
