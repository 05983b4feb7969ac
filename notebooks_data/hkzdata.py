"""hkzdata -- load the CSV / JSON Lines files written by `hkz` (numpy + stdlib only).

File layout (src/io_writer.c):
  * CSV: the header line first, then the run record as "# key: value" comment lines, the
    records, and the closing record ("# wall_s: ...", "# exit_code: ...") as comments again.
    numpy.genfromtxt(path, delimiter=",", names=True, dtype=None, encoding=None) reads exactly
    the records (it skips '#' lines); csv.DictReader(l for l in f if not l.startswith("#"))
    too.  Files written before issue 18 had the comments before the header: read_csv takes both.
  * JSON Lines: a first {"record":"meta",...} object, one object per record, and a closing
    {"record":"end",...} object (read_jsonl puts its keys into meta, not into the rows).
Ball values are strings "[mid +/- rad]" (Arb's decimal form; also "1.5" for an exact value,
"[+/- rad]" for a ball around 0, "+inf"/"-inf"/"nan"); every ball column NAME of the
experiment files has a companion double column NAME_mid.  Doubles are written with %.17g, so a
double column may hold "inf", "-inf" or "null" (NaN).

Used by the notebooks in this folder; see README.md.
"""
import csv
import json
from fractions import Fraction
import math
import os
import re

import numpy as np

__all__ = ["Table", "data_dir", "find", "read_csv", "read_jsonl", "parse_ball", "parse_double",
           "parse_exact",
           "save_figure", "missing", "provenance"]


def data_dir(default=None):
    """The data folder: $HKZ_DATA_DIR, else `default`, else the current directory (Jupyter and
    nbconvert run a notebook in its own folder, which is notebooks_data/)."""
    d = os.environ.get("HKZ_DATA_DIR")
    if d:
        return os.path.abspath(d)
    return os.path.abspath(default if default is not None else os.getcwd())


def find(ddir, *parts):
    """Path ddir/parts... if it exists and is a non-empty file, else None."""
    p = os.path.join(ddir, *parts)
    return p if os.path.isfile(p) and os.path.getsize(p) > 0 else None


def missing(ddir, rel, command):
    """A clear message for a data file that is not there (the notebook then skips that plot)."""
    msg = ("MISSING DATA: %s not found under %s.\n  Generate it with:  %s --data-dir %s"
           % (rel, ddir, command, ddir))
    print(msg)
    return msg


def parse_double(s):
    """A double column as written by hkz: %.17g text, "inf", "-inf", "null"/"" (NaN)."""
    if s is None:
        return math.nan
    if isinstance(s, bool):
        return float(s)
    if isinstance(s, (int, float)):
        return float(s)
    s = s.strip()
    if s == "" or s.lower() in ("null", "nan", "none"):
        return math.nan
    if s.lower() in ("inf", "+inf", "infinity", "+infinity"):
        return math.inf
    if s.lower() in ("-inf", "-infinity"):
        return -math.inf
    if "/" in s or "pi" in s:
        return parse_exact(s)
    return float(s)


_EXACT = re.compile(r"^([+-]?)(?:([0-9.eE+-]+)(?:/([0-9.eE+-]+))?\*?)?(pi)?(?:/([0-9.eE+-]+))?$")


def parse_exact(s):
    """A coordinate as hkz prints it where it is not a terminating decimal: "71/60",
    "3*pi/4", "pi/2", "-pi" (the exact point; returned as the nearest float)."""
    m = _EXACT.match(s.strip())
    if not m or not (m.group(2) or m.group(4)):
        raise ValueError("not a number: %r" % s)
    sign, a, b, pi, c = m.groups()
    v = Fraction(a) if a else Fraction(1)
    if b:
        v /= Fraction(b)
    if c:
        v /= Fraction(c)
    v = -v if sign == "-" else v
    return float(v) * (math.pi if pi else 1.0)


def parse_ball(s):
    """(mid, rad) of an Arb ball string "[mid +/- rad]"; an exact decimal gives rad 0;
    "+inf"/"-inf" give (+-inf, 0); "nan" or an unparsable string gives (nan, nan)."""
    if s is None:
        return (math.nan, math.nan)
    if isinstance(s, (int, float)) and not isinstance(s, bool):
        return (float(s), 0.0)
    s = str(s).strip()
    if s.startswith("["):
        if not s.endswith("]") or "+/-" not in s:
            return (math.nan, math.nan)
        mid, _, rad = s[1:-1].partition("+/-")
        try:
            return (parse_double(mid) if mid.strip() else 0.0, parse_double(rad))
        except ValueError:
            return (math.nan, math.nan)
    try:
        v = parse_double(s)
    except ValueError:
        return (math.nan, math.nan)
    return (v, 0.0 if not math.isnan(v) else math.nan)


def _truthy(v):
    if isinstance(v, bool):
        return v
    if v is None:
        return False
    return str(v).strip().lower() in ("true", "1", "yes", "pass", "ok")


class Table:
    """Records of one hkz file: .meta (dict), .columns (list), .rows (list of dicts)."""

    def __init__(self, meta, columns, rows, path=None):
        self.meta, self.columns, self.rows, self.path = meta, columns, rows, path

    def __len__(self):
        return len(self.rows)

    def has(self, name):
        return name in self.columns

    def str(self, name):
        return [("" if r.get(name) is None else str(r.get(name))) for r in self.rows]

    def num(self, name):
        """A double column (e.g. NAME_mid) as a float array."""
        return np.array([parse_double(r.get(name)) for r in self.rows], dtype=float)

    def ball(self, name):
        """A ball column NAME as (mid, rad) float arrays, parsed from its "[mid +/- rad]"
        strings.  Positions in plots use the NAME_mid column (num); use this for the radius."""
        pr = [parse_ball(r.get(name)) for r in self.rows]
        return (np.array([p[0] for p in pr], dtype=float),
                np.array([p[1] for p in pr], dtype=float))

    def rad(self, name):
        return self.ball(name)[1]

    def bool(self, name):
        return np.array([_truthy(r.get(name)) for r in self.rows], dtype=bool)

    def where(self, **eq):
        """Sub-table of the rows whose columns equal the given strings (case-insensitive)."""
        rows = [r for r in self.rows
                if all(str(r.get(k, "")).strip().lower() == str(v).strip().lower()
                       for k, v in eq.items())]
        return Table(self.meta, self.columns, rows, self.path)

    def distinct(self, name):
        seen = []
        for v in self.str(name):
            if v not in seen:
                seen.append(v)
        return seen

    def require(self, *names):
        """Raises a clear error if a contract column is absent."""
        lack = [n for n in names if n not in self.columns]
        if lack:
            raise KeyError("%s: missing column(s) %s; columns are %s"
                           % (self.path, ", ".join(lack), ", ".join(self.columns)))


def read_csv(path):
    """Reads an hkz CSV file: a header, records, and '# key: value' comment lines (the run
    record after the header, the closing record at the end; before the header in older
    files) which go into meta."""
    meta, body = {}, []
    with open(path, newline="") as f:
        for line in f:
            if line.startswith("#"):
                k, sep, v = line[1:].strip().partition(":")
                if sep:
                    meta[k.strip()] = v.strip()
                continue
            body.append(line)
    rd = csv.reader(body)
    try:
        columns = next(rd)
    except StopIteration:
        return Table(meta, [], [], path)
    rows = [dict(zip(columns, rec)) for rec in rd if rec]
    return Table(meta, columns, rows, path)


# %.17g writes non-finite doubles as inf / -inf / nan, which strict JSON does not have.
_NONFINITE = re.compile(r'(?<=[:\[,])\s*(-?inf|nan)\s*(?=[,\]}])', re.IGNORECASE)


def _loads(line):
    try:
        return json.loads(line)
    except json.JSONDecodeError:
        fixed = _NONFINITE.sub(lambda m: {"inf": "Infinity", "-inf": "-Infinity",
                                          "nan": "NaN"}[m.group(1).lower()], line)
        return json.loads(fixed)


def read_jsonl(path):
    """Reads an hkz JSON Lines file: returns a Table whose meta is the first
    {"record":"meta"} object (plus the closing {"record":"end"} object's keys) and whose
    rows are the other objects."""
    meta, rows, columns = {}, [], []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            obj = _loads(line)
            if obj.get("record") == "meta" and not rows and not meta:
                meta = {k: v for k, v in obj.items() if k != "record"}
                continue
            if obj.get("record") == "end":     # the closing record: wall_s, exit_code
                meta.update((k, v) for k, v in obj.items() if k != "record")
                continue
            for k in obj:
                if k not in columns:
                    columns.append(k)
            rows.append(obj)
    return Table(meta, columns, rows, path)


def save_figure(fig, path, dpi=130):
    """Saves a figure as PNG (creating the folder) and returns the path."""
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    fig.savefig(path, dpi=dpi, bbox_inches="tight")
    print("wrote", path, "(%d bytes)" % os.path.getsize(path))
    return path


def plain_command(cmd):
    """The command line without the machine's paths (a figure's footer): the
    program as `hkz`, a path argument (/..., ./..., ../...) by its file name."""
    words = cmd.split()
    for i, w in enumerate(words):
        key, eq, val = w.partition("=") if w.startswith("--") else ("", "", w)
        if i == 0 or val.startswith(("/", "./", "../")):
            val = os.path.basename(val.rstrip("/")) or val
        words[i] = key + eq + val
    return " ".join(words)


def provenance(table, width=110):
    """One short line about where a file's data came from (hkz version + command)."""
    m = table.meta
    cmd = plain_command(m.get("command", "?"))
    if len(cmd) > width:
        cmd = cmd[:width - 3] + "..."
    return "hkz %s: %s" % (m.get("hkz_version", "?"), cmd)
