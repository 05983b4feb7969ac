#!/usr/bin/env bash
# .ci/fresh-debian12.sh: run the README's set-up commands (# 2. the test
# command, then # 1. the report) as root in a fresh Debian 12 root made by
# `mmdebstrap --variant=minbase bookworm` from this machine's apt sources, so
# that nothing this machine already has can make them pass.  The repository's
# working tree (tracked and untracked, not ignored files) is copied in; the
# mounts live in a private mount namespace (gone when it exits) and the root
# is removed on exit.  PyPI (pip install ./python) is reached from inside with
# this machine's CA bundle (PIP_CERT) and proxy settings, if any.
set -euo pipefail
cd "$(dirname "$0")/.."
[ "$(id -u)" = 0 ] || { echo "fresh-debian12: run as root (chroot, mounts)" >&2; exit 1; }
command -v mmdebstrap >/dev/null || apt-get install -y mmdebstrap

work=$(mktemp -d /var/tmp/hkz-fresh.XXXXXX)
trap 'rm -rf --one-file-system "$work"' EXIT
root=$work/root
t0=$SECONDS
mmdebstrap --variant=minbase --quiet bookworm "$root"
echo "fresh-debian12: minbase root in $((SECONDS - t0)) s"
cp /etc/resolv.conf "$root/etc/resolv.conf"
cp /etc/ssl/certs/ca-certificates.crt "$root/etc/hkz-ci-ca.crt"
mkdir -p "$root/root/hkz"
git ls-files -z --cached --others --exclude-standard \
  | while IFS= read -r -d '' f; do [ -e "$f" ] && printf '%s\0' "$f"; done \
  | tar --null -T - -cf - | tar -xf - -C "$root/root/hkz"

cmd2=$(grep -m1 -A1 '^# 2\. ' README.md | tail -n 1)
cmd1=$(grep -m1 -A1 '^# 1\. ' README.md | tail -n 1)
envs=(HOME=/root PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
      LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive PIP_CERT=/etc/hkz-ci-ca.crt
      PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_DEFAULT_TIMEOUT=180)
for v in http_proxy https_proxy no_proxy HTTP_PROXY HTTPS_PROXY NO_PROXY PIP_INDEX_URL; do
  [ -z "${!v:-}" ] || envs+=("$v=${!v}")
done
# the chroot in its own mount namespace: /proc (python, cmake), a tmpfs
# /dev/shm (python multiprocessing), /dev/pts (apt's log); /dev's nodes
# come from mmdebstrap
unshare --mount --propagation private -- bash -euo pipefail -c '
  root=$1; shift
  mount -t proc proc "$root/proc"
  mount -t tmpfs tmpfs "$root/dev/shm"
  mount -t devpts -o newinstance,ptmxmode=0666 devpts "$root/dev/pts"
  t=$SECONDS
  echo "== fresh Debian 12: README command 2"; echo "$1"
  chroot "$root" /usr/bin/env -i "${@:3}" bash -euo pipefail -c "cd /root/hkz && $1" </dev/null
  echo "fresh-debian12: README command 2 passed in $((SECONDS - t)) s"
  t=$SECONDS
  echo "== fresh Debian 12: README command 1 (same root)"; echo "$2"
  chroot "$root" /usr/bin/env -i "${@:3}" bash -euo pipefail -c "cd /root/hkz && $2" </dev/null
  echo "fresh-debian12: README command 1 passed in $((SECONDS - t)) s"
' fresh "$root" "$cmd2" "$cmd1" "${envs[@]}"
echo "fresh-debian12: all in $((SECONDS - t0)) s"
