"""Numbers in, balls out, errors and Ctrl-C: what every module of hkz shares.

Inputs are passed to libhkz as exact strings:
  str                  as given (a decimal, "pi", "[mid +/- rad]");
  int, flint.fmpz      exactly;
  Fraction, flint.fmpq exactly when the decimal expansion terminates, else
                       as a ball of width 10^-D around p/q, D well beyond
                       the largest working precision of the call;
  flint.arb            exactly as the ball it is (midpoint and radius are
                       dyadic, so their decimals are finite);
  float                as its exact binary value (0.1 is
                       0.1000000000000000055511151231257827...; pass "0.1"
                       for the decimal).
Results come back as python-flint arb balls built from the exact mantissa
and exponent of libhkz's midpoint and radius (PyPI python-flint carries its
own FLINT, so balls travel by value, never as pointers).
"""
import contextlib
import decimal
import math
import threading
import warnings
from fractions import Fraction

import flint

from ._hkz import ffi, lib

__all__ = ["HkzError", "HkzPrecisionWarning", "number", "ball"]


class HkzError(Exception):
    """A libhkz status: .status (int), .name ("HKZ_ERR_ARG"), .text
    (hkz_strerror), .message (hkz_errmsg, the detail)."""

    def __init__(self, status, message=None):
        self.status = status
        self.name = ffi.string(lib.hkz_status_name(status)).decode()
        self.text = ffi.string(lib.hkz_strerror(status)).decode()
        self.message = message if message is not None else self.text
        super().__init__("%s: %s" % (self.name, self.message))


class HkzArgumentError(HkzError, ValueError):
    """HKZ_ERR_ARG / HKZ_ERR_DOMAIN: bad input."""


class HkzPrecisionWarning(UserWarning):
    """HKZ_ERR_PREC: the ball encloses the value but misses the digits."""


SUCCESS, ERR_ARG, ERR_DOMAIN, ERR_PREC = 0, 1, 2, 3
ERR_NOT_CERTIFIED, ERR_INTERRUPTED = 11, 13


def error(status):
    """The exception of a status, with the thread's hkz_errmsg."""
    msg = ffi.string(lib.hkz_errmsg()).decode(errors="replace")
    cls = HkzArgumentError if status in (ERR_ARG, ERR_DOMAIN) else HkzError
    return cls(status, msg or None)


def check(status, allow=()):
    """Raises for a status other than success and those in allow; warns
    for HKZ_ERR_PREC when allowed."""
    if status == SUCCESS or status in allow:
        if status == ERR_PREC:
            warnings.warn(str(error(status)), HkzPrecisionWarning,
                          stacklevel=3)
        return status
    raise error(status)


# ---- inputs ----------------------------------------------------------------

def _dyadic_decimal(man, exp):
    """man 2^exp as an exact decimal string."""
    if exp >= 0:
        return str(man << exp)
    sign = "-" if man < 0 else ""
    digits = str(abs(man) * 5 ** (-exp)).rjust(-exp + 1, "0")
    return "%s%s.%s" % (sign, digits[:exp], digits[exp:])


def _fraction(q, bits):
    p, d = q.numerator, q.denominator
    a = b = 0
    while d % 2 == 0:
        d //= 2
        a += 1
    while d % 5 == 0:
        d //= 5
        b += 1
    if d == 1:
        s = max(a, b)
        v = p * 10 ** s // q.denominator
        if s == 0:
            return str(v)
        sign = "-" if v < 0 else ""
        digits = str(abs(v)).rjust(s + 1, "0")
        return "%s%s.%s" % (sign, digits[:-s], digits[-s:])
    # no finite decimal: a ball [m 10^-D +/- 10^-D] holding p/q
    D = int(bits * 0.302) + 30
    m = (p * 10 ** D) // q.denominator
    return "[%se-%d +/- 1e-%d]" % (m, D, D)


def number(x, what="value", bits=8192):
    """x as the exact string libhkz reads (see the module docstring); bits:
    the largest precision the call reads it at (for non-decimal
    fractions)."""
    if isinstance(x, bool) or x is None:
        raise TypeError("%s: expected a number, got %r" % (what, x))
    if isinstance(x, str):
        s = x.strip()
        if not s:
            raise HkzArgumentError(ERR_ARG, "%s: empty number" % what)
        return s
    if isinstance(x, int):
        return str(x)
    if isinstance(x, flint.fmpz):
        return str(int(x))
    if isinstance(x, flint.fmpq):
        return _fraction(Fraction(int(x.p), int(x.q)), bits)
    if isinstance(x, Fraction):
        return _fraction(x, bits)
    if isinstance(x, decimal.Decimal):
        if not x.is_finite():
            raise HkzArgumentError(ERR_ARG, "%s: not finite (%s)" % (what, x))
        return str(x)
    if isinstance(x, float):
        if not math.isfinite(x):
            raise HkzArgumentError(ERR_ARG, "%s: not finite (%r)" % (what, x))
        return _fraction(Fraction(x), bits)
    if isinstance(x, flint.arb):
        if not x.is_finite():
            raise HkzArgumentError(ERR_ARG, "%s: not a finite ball (%s)"
                                   % (what, x))
        mid = _dyadic_decimal(*(int(v) for v in x.mid().man_exp()))
        rad = x.rad()
        if rad == 0:
            return mid
        return "[%s +/- %s]" % (mid, _dyadic_decimal(
            *(int(v) for v in rad.man_exp())))
    raise TypeError("%s: expected str, int, Fraction, float, flint.fmpq or "
                    "flint.arb, got %s" % (what, type(x).__name__))


def number_list(xs, what, bits=8192):
    """A LIST: a string as given ("0.1,0.2" or "A:B:N"), a number, or a
    sequence of numbers (each exact, joined by commas)."""
    if isinstance(xs, str):
        return xs.strip()
    try:
        items = list(xs)
    except TypeError:
        return number(xs, what, bits)
    if not items:
        raise HkzArgumentError(ERR_ARG, "%s: empty list" % what)
    return ",".join(number(x, what, bits) for x in items)


def cstr(s):
    """A str for a const char * argument (None: NULL)."""
    if s is None:
        return ffi.NULL
    if "\0" in s:
        raise HkzArgumentError(ERR_ARG, "a NUL byte in %r" % s)
    return s.encode()


def input_bits(digits):
    """The CLI's input precision for a goal of digits (hkz_goal_init_digits:
    max_prec = 16 rel_bits + 4096, read at max_prec + 64), with margin."""
    return 16 * (math.ceil(digits * 3.3219280948873623) + 8) + 4096 + 128


def check_digits(digits):
    if isinstance(digits, bool) or not isinstance(digits, int):
        raise TypeError("digits: expected an int, got %r" % (digits,))
    if not 1 <= digits <= 100000:
        raise HkzArgumentError(ERR_ARG, "digits must lie in [1, 100000] "
                               "(got %d)" % digits)
    return digits


def check_int(x, what, lo, hi):
    if isinstance(x, bool) or not isinstance(x, int):
        raise TypeError("%s: expected an int, got %r" % (what, x))
    if not lo <= x <= hi:
        raise HkzArgumentError(ERR_ARG, "%s must lie in [%d, %d] (got %d)"
                               % (what, lo, hi, x))
    return x


def choice(x, what, options):
    if x not in options:
        raise HkzArgumentError(ERR_ARG, "%s: expected one of %s (got %r)"
                               % (what, ", ".join(options), x))
    return options.index(x)


# ---- outputs ---------------------------------------------------------------

def ball(x):
    """The libhkz ball at x (arb_struct *) as a python-flint arb, exactly."""
    s = lib.hkzpy_ball_parts(x)
    try:
        m, e, rm, re = (int(v, 16) for v in ffi.string(s).split())
    finally:
        lib.hkzpy_str_free(s)
    if rm < 0:
        return flint.arb.nan()
    return flint.arb((m, e), (rm, re))


class Vec:
    """n libhkz balls (freed with the object)."""

    def __init__(self, n):
        self.n = max(n, 1)
        self.ptr = lib.hkzpy_vec_new(self.n)

    def __del__(self):
        if getattr(self, "ptr", None) is not None:
            lib.hkzpy_vec_free(self.ptr, self.n)
            self.ptr = None

    def __getitem__(self, i):
        return self.ptr + i

    def balls(self, n=None):
        return [ball(self.ptr + i) for i in range(self.n if n is None else n)]


def take_str(s):
    """A char * from flint_malloc as str (freed)."""
    try:
        return ffi.string(s).decode()
    finally:
        lib.hkzpy_str_free(s)


# ---- progress and Ctrl-C -----------------------------------------------------

_calls = threading.local()


class _Call:
    def __init__(self, progress):
        self.progress = progress
        self.exc = None


@ffi.def_extern(onerror=lambda et, ev, tb: _on_error(ev))
def _hkzpy_progress(ctx, done, total):
    call = ffi.from_handle(ctx)
    if call.exc is not None:
        return 1
    if call.progress is not None and call.progress(done, total):
        return 1
    return 0


def _on_error(exc):
    # a KeyboardInterrupt (Ctrl-C while the C code ran: Python delivers it
    # in the next callback) or an error of the user's callback: stop the
    # run, raise it when the library has returned
    stack = getattr(_calls, "stack", None)
    if stack:
        stack[-1].exc = exc
    return 1


@contextlib.contextmanager
def progress_call(progress=None):
    """Yields (fn, ctx) for a library call taking a progress callback; a
    progress(done, total) returning True, Ctrl-C or an exception in it
    stops the run (HKZ_ERR_INTERRUPTED), and the exception is raised here
    (KeyboardInterrupt for Ctrl-C)."""
    call = _Call(progress)
    handle = ffi.new_handle(call)
    stack = getattr(_calls, "stack", None)
    if stack is None:
        stack = _calls.stack = []
    stack.append(call)
    try:
        yield lib._hkzpy_progress, handle, call
    finally:
        stack.pop()
    if call.exc is not None:
        raise call.exc


def run_status(call, status, allow=()):
    """check() for a call under progress_call: an interruption by Ctrl-C is
    raised by progress_call itself."""
    if status == ERR_INTERRUPTED and call.exc is not None:
        return status
    return check(status, allow)
