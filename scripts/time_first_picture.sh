#!/usr/bin/env bash
# Measures what a new user waits for: `scripts/viewer.sh` on a fresh Debian 12,
# from the command to the first picture. It builds a bare Debian 12
# (debootstrap's minbase: no compiler, no libraries, empty compiler cache) in
# FOLDER, clones this repository's HEAD into it, runs scripts/viewer.sh there
# under chroot (no display, so the viewer writes headless PNGs) and prints the
# seconds spent installing, building and until the first PNG appeared.
#   scripts/time_first_picture.sh [FOLDER]     (default /tmp/first-picture)
# Needs root, debootstrap and the network; never part of the suite. The
# machine's other load counts in the figure: run it on a quiet machine.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(realpath -m "${1:-/tmp/first-picture}")"
if [ "$(id -u)" -ne 0 ]; then echo "time_first_picture: needs root (debootstrap, chroot)" >&2; exit 2; fi
command -v debootstrap >/dev/null || {
  echo "time_first_picture: needs debootstrap (apt-get install debootstrap)" >&2
  exit 2
}
if [ -e "$root" ]; then echo "time_first_picture: $root exists; give a new folder" >&2; exit 2; fi

debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian >/dev/null
git clone -q "$PWD" "$root/root/project"
cp /etc/resolv.conf "$root/etc/"
mounts=(proc sys dev dev/pts)
for m in "${mounts[@]}"; do mount --bind "/$m" "$root/$m"; done
unmount() { for ((i = ${#mounts[@]} - 1; i >= 0; i--)); do umount "$root/${mounts[i]}" || true; done; }
trap unmount EXIT

# Inside: every line viewer.sh prints, stamped with the time it came; the
# first PNG's time is polled, since the viewer names it only after writing all.
cat >"$root/root/run.sh" <<'INSIDE'
#!/bin/bash
cd /root/project
start=$(date +%s.%N)
(scripts/viewer.sh 2>&1 | while IFS= read -r line; do echo "$(date +%s.%N) $line"; done >/root/viewer.log) &
pid=$!
first=""
while kill -0 $pid 2>/dev/null; do
  if [ -z "$first" ] && ls out/*.png >/dev/null 2>&1; then first=$(date +%s.%N); fi
  sleep 0.2
done
echo "$start ${first:-none}" >/root/times.txt
INSIDE
chmod +x "$root/root/run.sh"
chroot "$root" /root/run.sh

read -r start first <"$root/root/times.txt"
log="$root/root/viewer.log"
if [ "$first" = none ]; then
  echo "time_first_picture: no picture; the log is $log" >&2
  exit 1
fi
installed="$(grep 'Setting up' "$log" | tail -1 | cut -d' ' -f1)"
built="$(grep 'build.sh: built' "$log" | cut -d' ' -f1)"
awk -v s="$start" -v i="${installed:-$start}" -v b="$built" -v f="$first" 'BEGIN {
  printf "time_first_picture: installing %.0f s, configuring and building %.0f s, first picture %.0f s after the command\n",
         i - s, b - i, f - s }'
