"""Reads the file written by h5-roundtrip with h5py (issue 11: readable by
h5py; issue 18: N-dimensional, axes as dimension scales)."""
import sys
import h5py
import numpy as np

with h5py.File(sys.argv[1], "r") as f:
    names = sorted(f.keys())
    assert names == ["certified", "mid", "r", "rad", "scalar", "t", "z"], names
    # issue 18: shaped like the grid (r x z x t), the axes as dimension
    # scales, numbers as numbers, a description per dataset
    for k in ("mid", "rad", "certified", "scalar"):
        assert f[k].shape == (100, 3, 2), (k, f[k].shape)
        assert [d[0].name for d in f[k].dims] == ["/r", "/z", "/t"], k
        assert [d.label for d in f[k].dims] == ["r", "z", "t"], k
    for k in names:
        assert len(f[k].attrs["description"]) > 10, k
    assert f["r"].shape == (100,) and list(f["z"][:]) == [-1.0, 0.0, 0.5]
    assert list(f["t"][:]) == [0.3, 1.0]
    assert f.attrs["deriv"] == 0 and isinstance(f.attrs["deriv"], np.integer)
    assert f.attrs["command"] == "hkz grid heat su2-sub", f.attrs["command"]
    assert np.all(f["certified"][:] == 1)
    assert np.all(f["rad"][:] > 0) and np.all(f["mid"][:] > 0)
print("h5py ok")
