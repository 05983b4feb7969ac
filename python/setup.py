# The extension hkz._hkz is built by cffi from hkz/_build.py (see there for
# where libhkz is looked up); everything else is in pyproject.toml.  Always
# rebuilt (force): its RPATH names the libhkz found at this install, which
# a cached object of an earlier install would not.
from setuptools import setup

setup(cffi_modules=["hkz/_build.py:ffi"],
      options={"build_ext": {"force": True}})
