#!/usr/bin/env bash
# shellcheck disable=SC2016
# Pre-release check (manual, needs root and network; not part of tools/test.sh): installs a Veil
# .deb with apt on a pristine minimal Debian 12 (debootstrap --variant=minbase + chroot), so only
# the package's declared dependencies are there, then smoke-tests it as a user would: both
# binaries resolve every library, veil-cli runs the shipped example plan and experiment, the
# samples, demos, user guide, desktop entry and icon are installed, the window renders offscreen to
# a PNG, and the package purges cleanly.
#
#   sudo tools/test-install-debian.sh build/release/veil_0.1.0_amd64.deb
#
# Environment: VEIL_DEBROOT (cached base system, default /var/tmp/veil-debroot, made on first use
# and never modified; each run works on a fresh copy that is deleted afterwards),
# VEIL_DEBIAN_MIRROR (default http://deb.debian.org/debian), VEIL_TEST_OUT (where the screenshot
# is copied, default /tmp/veil-test-install), VEIL_KEEP_ROOT=1 (keep the run's copy to inspect it).
set -euo pipefail

die() { echo "test-install-debian: FAIL: $*" >&2; exit 1; }
[[ $# -eq 1 ]] || { echo "usage: $0 DEB_FILE" >&2; exit 2; }
[[ -f $1 ]] || die "no such file: $1"
[[ $(id -u) -eq 0 ]] || die "needs root (debootstrap, chroot, mount)"
command -v debootstrap >/dev/null || die "debootstrap is missing: apt-get install debootstrap"
DEB=$(realpath "$1")
DEB_NAME=$(basename "$DEB")
CACHE=${VEIL_DEBROOT:-/var/tmp/veil-debroot}
MIRROR=${VEIL_DEBIAN_MIRROR:-http://deb.debian.org/debian}
OUT=$(realpath -m "${VEIL_TEST_OUT:-/tmp/veil-test-install}")
USER_NAME=veiltest

echo "== package: $DEB_NAME ($(du -h "$DEB" | cut -f1))"
dpkg-deb -f "$DEB" Package Version Architecture Depends Installed-Size

# 1. The cached pristine base system (made once; written to .partial first so an interrupted
# debootstrap is never mistaken for a finished one).
if [[ ! -x $CACHE/usr/bin/apt-get ]]; then
    echo "== debootstrap bookworm (minbase) into $CACHE"
    rm -rf --one-file-system "$CACHE.partial"
    debootstrap --variant=minbase bookworm "$CACHE.partial" "$MIRROR" >"$CACHE.log" 2>&1 ||
        die "debootstrap failed, see $CACHE.log"
    rm -rf --one-file-system "$CACHE"
    mv "$CACHE.partial" "$CACHE"
fi

# 2. A fresh copy per run, with /proc and /dev/pts mounted; the trap unmounts them and deletes the
# copy only once nothing is mounted below it any more.
ROOT=$(mktemp -d /var/tmp/veil-install-test.XXXXXX)
cleanup() {
    local m
    for m in dev/pts proc; do
        mountpoint -q "$ROOT/$m" && { umount "$ROOT/$m" || umount -l "$ROOT/$m"; }
    done
    if grep -q " $ROOT/" /proc/self/mounts; then
        echo "test-install-debian: something is still mounted below $ROOT; not deleting it" >&2
    elif [[ ${VEIL_KEEP_ROOT:-0} == 1 ]]; then
        echo "== kept $ROOT"
    else
        rm -rf --one-file-system "$ROOT"
    fi
}
trap cleanup EXIT
echo "== fresh copy of $CACHE in $ROOT"
cp -a "$CACHE/." "$ROOT/"
mount -t proc proc "$ROOT/proc"
mount --bind /dev/pts "$ROOT/dev/pts"

as_root() {
    chroot "$ROOT" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
        DEBIAN_FRONTEND=noninteractive /bin/bash -c "$1"
}
as_user() {
    chroot --userspec="$USER_UID:$USER_GID" "$ROOT" /usr/bin/env -i PATH=/usr/bin:/bin \
        HOME=/home/$USER_NAME USER=$USER_NAME LANG=C.UTF-8 XDG_RUNTIME_DIR="/run/user/$USER_UID" /bin/bash -o pipefail -c "cd && $1"
}
# step NAME COMMAND: runs COMMAND as the user inside the chroot, stops the run if it fails.
# (COMMAND is single-quoted on purpose: it expands inside the chroot; hence SC2016 is off.)
step() {
    echo "-- $1"
    as_user "$2" || die "$1"
}

# 3. Install with apt the way a user of a fresh Debian 12 would (main + updates + security), with
# no recommended packages, so the package's Depends alone must be enough.
cat >"$ROOT/etc/apt/sources.list" <<EOF
deb $MIRROR bookworm main
deb $MIRROR bookworm-updates main
deb http://deb.debian.org/debian-security bookworm-security main
EOF
printf '#!/bin/sh\nexit 101\n' >"$ROOT/usr/sbin/policy-rc.d" && chmod +x "$ROOT/usr/sbin/policy-rc.d"
cp "$DEB" "$ROOT/tmp/$DEB_NAME" && chmod 644 "$ROOT/tmp/$DEB_NAME"
echo "== apt-get install ./$DEB_NAME"
as_root "apt-get update -qq" || die "apt-get update in the chroot"
as_root "cd /tmp && apt-get install -y -q --no-install-recommends ./$DEB_NAME" >"$ROOT/tmp/apt.log" 2>&1 ||
    { tail -30 "$ROOT/tmp/apt.log" >&2; die "apt-get install ./$DEB_NAME (declared dependencies unsatisfiable?)"; }
grep -E '^[0-9]+ upgraded' "$ROOT/tmp/apt.log" || true
as_root "useradd -m -s /bin/bash $USER_NAME" || die "useradd"
USER_UID=$(as_root "id -u $USER_NAME") USER_GID=$(as_root "id -g $USER_NAME")
as_root "install -d -m 700 -o $USER_NAME -g $USER_NAME /run/user/$USER_UID" || die "runtime dir"

# 4. Smoke tests, as a normal user.
echo "== smoke tests as $USER_NAME"
# Also the Qt plugins Veil loads at run time, which dpkg-shlibdeps cannot see: the X11 and offscreen
# platforms and the SVG icon engine (the window icon and the desktop icon are SVG).
step "every library of both binaries and of the Qt plugins they load resolves" '
    p=/usr/lib/x86_64-linux-gnu/qt6/plugins
    for f in /usr/bin/veil /usr/bin/veil-cli $p/platforms/libqxcb.so $p/platforms/libqoffscreen.so $p/iconengines/libqsvgicon.so; do
        [ -e "$f" ] || { echo "missing $f"; exit 1; }
        if ldd "$f" | grep "not found"; then echo "in $f"; exit 1; fi
    done; echo "ok: no library not found"'
step "veil-cli --version" 'veil-cli --version'
step "veil --version (offscreen)" 'QT_QPA_PLATFORM=offscreen veil --version'
step "veil-cli release of the shipped example plan" '
    veil-cli release /usr/share/veil/docs/examples/adult-k5-plan.json --output /tmp/out &&
    test -s /tmp/out/manifest.json && ls /tmp/out'
step "veil-cli sweep of the shipped graph experiment" '
    veil-cli sweep /usr/share/veil/docs/examples/graph-triangles-sweep.json --output /tmp/sweep.csv --teaching >/tmp/sweep.txt &&
    head -3 /tmp/sweep.txt && test "$(wc -l </tmp/sweep.csv)" -gt 1'
step "veil-cli graph stats on the installed karate sample" '
    veil-cli graph stats /usr/share/veil/samples/karate.edges --labels /usr/share/veil/samples/karate.labels >/tmp/stats.txt &&
    head -8 /tmp/stats.txt'
step "samples, demos and user guide installed" '
    for f in /usr/share/veil/samples/adult.csv /usr/share/veil/samples/NOTICE.md /usr/share/veil/demos/README.md \
             /usr/share/veil/demos/voters.csv /usr/share/doc/veil/user-guide.md /usr/share/doc/veil/LICENSE; do
        test -s "$f" || { echo "missing or empty: $f"; exit 1; }
    done
    ls /usr/share/doc/veil/images/*.png >/dev/null && ls /usr/share/doc/veil/algorithms/*.md >/dev/null &&
    echo "ok: $(ls /usr/share/doc/veil/images | wc -l) screenshots, $(ls /usr/share/doc/veil/algorithms | wc -l) algorithm pages, $(ls /usr/share/veil/demos | wc -l) demo files"'
step "desktop entry and icon installed and consistent" '
    d=/usr/share/applications/io.github.veil.Veil.desktop
    test -s "$d" && test -s /usr/share/icons/hicolor/scalable/apps/io.github.veil.Veil.svg &&
    test -s /usr/share/metainfo/io.github.veil.Veil.metainfo.xml || exit 1
    exe=$(sed -n "s/^Exec=\([^ ]*\).*/\1/p" "$d"); icon=$(sed -n "s/^Icon=//p" "$d")
    command -v "$exe" >/dev/null || { echo "Exec=$exe not installed"; exit 1; }
    [ "$icon" = io.github.veil.Veil ] || { echo "Icon=$icon does not name the installed icon"; exit 1; }
    echo "ok: Exec=$exe Icon=$icon"'
# The window with the table drawn is ~180 KB as PNG; an empty window, or one whose table failed to
# load (main.cpp takes the picture then too), is ~32 KB: 80 KB tells them apart.
step "the window renders offscreen with the adult sample open" '
    QT_QPA_PLATFORM=offscreen timeout 120 veil --screenshot /tmp/s.png /usr/share/veil/samples/adult.csv 2>/tmp/veil.err;
    rc=$?; grep -v propagateSizeHints /tmp/veil.err | head -5
    [ $rc -eq 0 ] || { echo "veil exited with $rc"; exit 1; }
    [ "$(head -c 4 /tmp/s.png | tail -c 3)" = PNG ] || { echo "/tmp/s.png is not a PNG"; exit 1; }
    size=$(wc -c </tmp/s.png); echo "screenshot: $size bytes"
    [ "$size" -gt 80000 ] || { echo "too small for a window showing the table"; exit 1; }'
mkdir -p "$OUT"
cp "$ROOT/tmp/s.png" "$OUT/screenshot.png" && echo "   copied to $OUT/screenshot.png"

# 5. The package removes cleanly.
echo "-- apt-get purge veil leaves nothing behind"
as_root "apt-get purge -y -q veil >/dev/null 2>&1" || die "apt-get purge veil"
for f in /usr/bin/veil /usr/bin/veil-cli /usr/share/veil /usr/share/doc/veil /usr/share/applications/io.github.veil.Veil.desktop; do
    [[ ! -e $ROOT$f && ! -L $ROOT$f ]] || die "purge left $f"
done
echo "== PASS: $DEB_NAME installs and runs on a clean Debian 12"
