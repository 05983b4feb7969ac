"""cffi builder of hkz._hkz (API mode: compiled against include/hkz, linked
to libhkz with an RPATH to the directory it was found in).

libhkz is looked up, in this order:
  HKZ_LIBRARY   the path of libhkz.so (or its directory);
  HKZ_PREFIX    an install prefix (cmake --install build --prefix P);
  ../build      the README's build tree next to python/;
  pkg-config hkz, then /usr/local.
The headers come from the matching source tree (include/ + build/include)
or from PREFIX/include.
"""
import os
import pathlib
import re
import subprocess

from cffi import FFI

HERE = pathlib.Path(__file__).resolve().parent
REPO = HERE.parent.parent


def _libname(d):
    for name in ("libhkz.so", "libhkz.dylib"):
        if (d / name).exists():
            return d / name
    return None


def _from_build(build):
    """(libdir, include dirs) of a CMake build tree of this repository."""
    lib = _libname(build)
    cache = build / "CMakeCache.txt"
    if lib is None or not cache.exists():
        return None
    src = REPO
    for line in cache.read_text(errors="replace").splitlines():
        if line.startswith("CMAKE_HOME_DIRECTORY:INTERNAL="):
            src = pathlib.Path(line.split("=", 1)[1])
    return build, [src / "include", build / "include"]


def _from_prefix(prefix):
    for libdir in ("lib", "lib64", "lib/x86_64-linux-gnu"):
        d = prefix / libdir
        if _libname(d) is not None and (prefix / "include/hkz/hkz.h").exists():
            return d, [prefix / "include"]
    return None


def _pkg_config():
    try:
        out = subprocess.run(["pkg-config", "--variable=prefix", "hkz"],
                             capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        return None
    return _from_prefix(pathlib.Path(out.stdout.strip()))


def find_hkz():
    env = os.environ.get("HKZ_LIBRARY")
    if env:
        p = pathlib.Path(env).resolve()
        d = p if p.is_dir() else p.parent
        found = _from_build(d) or _from_prefix(d.parent)
        if found is None:
            raise RuntimeError("HKZ_LIBRARY=%s: no libhkz.so with its headers "
                               "(a build tree or PREFIX/lib)" % env)
        return found
    if os.environ.get("HKZ_PREFIX"):
        found = _from_prefix(pathlib.Path(os.environ["HKZ_PREFIX"]).resolve())
        if found is None:
            raise RuntimeError("HKZ_PREFIX=%s: no lib/libhkz.so and "
                               "include/hkz" % os.environ["HKZ_PREFIX"])
        return found
    found = (_from_build(REPO / "build") or _pkg_config()
             or _from_prefix(pathlib.Path("/usr/local")))
    if found is None:
        raise RuntimeError(
            "libhkz not found: build it first (README: cmake -S . -B build && "
            "cmake --build build), or set HKZ_LIBRARY=/path/to/libhkz.so or "
            "HKZ_PREFIX=/install/prefix")
    return found


libdir, incdirs = find_hkz()
config = next((d / "hkz/config.h" for d in incdirs
               if (d / "hkz/config.h").exists()), None)
flint3 = config is not None and "HKZ_HAVE_FLINT3 1" in config.read_text()
libs = ["hkz", "flint"] if flint3 else ["hkz", "flint-arb", "flint"]
macros = []
if (libdir / "libhkz_cuda.so").exists():
    libs.insert(1, "hkz_cuda")
    macros.append(("HKZPY_CUDA", "1"))

def _cdef():
    """_cdef.h + the declarations of _shim.h (comments and # lines cut)."""
    shim = re.sub(r"/\*.*?\*/", "", (HERE / "_shim.h").read_text(), flags=re.S)
    shim = "\n".join(l for l in shim.splitlines()
                     if not l.lstrip().startswith("#"))
    return (HERE / "_cdef.h").read_text() + shim


ffi = FFI()
ffi.cdef(_cdef())
ffi.set_source(
    "hkz._hkz", '#include "_shim.h"\n',
    sources=[os.path.relpath(HERE / f) for f in ("_shim.c", "_shim_grid.c",
                                                  "_shim_ly.c")],
    include_dirs=[str(HERE)] + [str(d) for d in incdirs],
    library_dirs=[str(libdir)],
    runtime_library_dirs=[str(libdir)],
    libraries=libs,
    define_macros=macros + [("_POSIX_C_SOURCE", "200809L"),
                            ("_DEFAULT_SOURCE", "1")],
    extra_compile_args=["-std=c11"],
)

if __name__ == "__main__":
    ffi.compile(verbose=True)
