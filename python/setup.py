# The extension hkz._hkz is built by cffi from hkz/_build.py (see there for
# where libhkz is looked up); everything else is in pyproject.toml.
from setuptools import setup

setup(cffi_modules=["hkz/_build.py:ffi"])
