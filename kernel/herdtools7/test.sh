#!/bin/sh
# Check kernel/herdtools7/0001-*.patch against the reference herd7 and
# herdtools7's own bpf.cat (both in ../shared; SKIP without them):
#   1. the patch applies to the reference file;
#   2. unpatched, the model allows tests/litmus/bpf/cmpxchg-cycle;
#      patched, it forbids it, as models/bpf.cat does;
#   3. on every other test of our BPF corpus and of the catalogue, the
#      patched model gives the same Observation as the unpatched one and
#      as models/bpf.cat;
#   4. pr.sh makes the pull request branch: authored by the user's git
#      identity (refused without one), the model fixed, the test added to
#      the BPF catalogue with its kind and its shelf entry, Never there.
# Ends with "N passed, N failed".
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
SHARED=${SHARED:-$root/../shared}
H=${HERD7:-$SHARED/tools/herd7/herd7}
ref=$SHARED/reference-models/herdtools7-bpf.cat
cat_dir=$SHARED/conformance/bpf-catalogue/tests
patch=$root/kernel/herdtools7/0001-bpf.cat-amo-in-the-coherence-check.patch
[ -x "$H" ] && [ -f "$ref" ] || { echo "SKIP: no herd7 or reference bpf.cat under $SHARED"; exit 0; }
w=$(mktemp -d) || exit 2
trap 'rm -rf "$w"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }

mkdir -p "$w/a/herd/libdir" "$w/b/herd/libdir"
cp "$ref" "$w/a/herd/libdir/bpf.cat"
cp "$ref" "$w/b/herd/libdir/bpf.cat"
if (cd "$w/b" && patch -s -p1 <"$patch") >"$w/patch.log" 2>&1; then ok
else bad "patch does not apply: $(cat "$w/patch.log")"; fi

obs() { # MODEL FILES... -> "NAME KIND" lines, sorted
	m=$1; shift
	"$H" -model "$m" "$@" 2>/dev/null | awk '/^Observation/ { print $2, $3 }' | sort
}
t=$root/tests/litmus/bpf/cmpxchg-cycle.litmus
[ "$(obs "$w/a/herd/libdir/bpf.cat" "$t")" = "cmpxchg-cycle Sometimes" ] && ok || bad "unpatched model does not allow cmpxchg-cycle"
[ "$(obs "$w/b/herd/libdir/bpf.cat" "$t")" = "cmpxchg-cycle Never" ] && ok || bad "patched model does not forbid cmpxchg-cycle"
[ "$(obs "$root/models/bpf.cat" "$t")" = "cmpxchg-cycle Never" ] && ok || bad "models/bpf.cat does not forbid cmpxchg-cycle"

set -- "$root"/tests/litmus/bpf/*.litmus
[ -d "$cat_dir" ] && set -- "$@" "$cat_dir"/*.litmus
obs "$w/a/herd/libdir/bpf.cat" "$@" | grep -v '^cmpxchg-cycle ' >"$w/a.obs"
obs "$w/b/herd/libdir/bpf.cat" "$@" | grep -v '^cmpxchg-cycle ' >"$w/b.obs"
obs "$root/models/bpf.cat" "$@" | grep -v '^cmpxchg-cycle ' >"$w/ours.obs"
n=$(wc -l <"$w/b.obs")
[ "$n" -ge $(($# - 1)) ] && ok || bad "herd7 answered $n of $(($# - 1)) tests"
if cmp -s "$w/a.obs" "$w/b.obs"; then ok; else bad "patch changes other results:"; diff "$w/a.obs" "$w/b.obs"; fi
if cmp -s "$w/b.obs" "$w/ours.obs"; then ok; else bad "patched model and models/bpf.cat differ:"; diff "$w/b.obs" "$w/ours.obs"; fi
# 4. pr.sh: the pull request branch, on a stand-in for a herdtools7 clone
# (the reference bpf.cat and kinds.txt, a shelf.py of our own with the
# same list), authored by a test identity from a temporary config file;
# without an identity it refuses and writes nothing.
hw=$w/herdtools7
mkdir -p "$hw/herd/libdir" "$hw/catalogue/bpf/cats" "$hw/catalogue/bpf/tests"
cp "$ref" "$hw/herd/libdir/bpf.cat"
cp "$ref" "$hw/catalogue/bpf/cats/bpf.cat"
if [ -f "$SHARED/conformance/bpf-catalogue/kinds.txt" ]; then
	cp "$SHARED/conformance/bpf-catalogue/kinds.txt" "$hw/catalogue/bpf/tests/kinds.txt"
else
	echo "MP+poonceonces Allowed" > "$hw/catalogue/bpf/tests/kinds.txt"
fi
printf 'record = "BPF"\n\nillustrative_tests = [\n    "tests/MP+poonceonces.litmus",\n]\n' > "$hw/catalogue/bpf/shelf.py"
gitq() { cfg=$1; shift; env -u GIT_AUTHOR_NAME -u GIT_AUTHOR_EMAIL -u GIT_COMMITTER_NAME -u GIT_COMMITTER_EMAIL \
	GIT_CONFIG_GLOBAL="$cfg" GIT_CONFIG_NOSYSTEM=1 "$@"; }
printf '[user]\n\tname = Test Author\n\temail = test-author@example.invalid\n' > "$w/id.gitconfig"
: > "$w/none.gitconfig"
(cd "$hw" && gitq "$w/id.gitconfig" git init -q && gitq "$w/id.gitconfig" git add -A &&
	gitq "$w/id.gitconfig" git commit -q -m base) || bad "stand-in herdtools7 repository"
gitq "$w/none.gitconfig" bash "$root/kernel/herdtools7/pr.sh" --herdtools7 "$hw" --out "$w/pr-none" > "$w/none.log" 2>&1
rc=$?
[ $rc -eq 1 ] && [ ! -e "$w/pr-none" ] && grep -q 'user.name and user.email are not set' "$w/none.log" && ok ||
	bad "pr.sh without an identity: exit $rc, $(head -n 1 "$w/none.log")"
if gitq "$w/id.gitconfig" bash "$root/kernel/herdtools7/pr.sh" --herdtools7 "$hw" --out "$w/pr" > "$w/pr.log" 2>&1; then
	t=$w/pr/herdtools7
	what=
	[ "$(git -C "$t" log -1 --format='%an <%ae>|%cn <%ce>')" = "Test Author <test-author@example.invalid>|Test Author <test-author@example.invalid>" ] || what="$what author"
	[ "$(git -C "$t" show --format= --name-only HEAD | sort | tr '\n' ' ')" = "catalogue/bpf/cats/bpf.cat catalogue/bpf/shelf.py catalogue/bpf/tests/cmpxchg-cycle.litmus catalogue/bpf/tests/kinds.txt herd/libdir/bpf.cat " ] || what="$what files: $(git -C "$t" show --format= --name-only HEAD | tr '\n' ' ')"
	[ "$(tail -n 1 "$t/catalogue/bpf/tests/kinds.txt")" = "cmpxchg-cycle Forbidden" ] || what="$what kinds"
	grep -q '^    "tests/cmpxchg-cycle.litmus",$' "$t/catalogue/bpf/shelf.py" && [ "$(tail -n 1 "$t/catalogue/bpf/shelf.py")" = "]" ] || what="$what shelf"
	[ "$(git -C "$t" log -1 --format=%s)" = "herd/libdir/bpf.cat: relate the two events of an atomic in the coherence check" ] || what="$what subject"
	[ "$(git -C "$hw" rev-list --count HEAD)" = 1 ] || what="$what (the user's clone changed)"
	ls "$w"/pr/0001-*.patch >/dev/null 2>&1 || what="$what no format-patch"
	# the catalogue's own check: herd7 with the branch's model gives the kind
	[ "$(obs "$t/herd/libdir/bpf.cat" "$t/catalogue/bpf/tests/cmpxchg-cycle.litmus")" = "cmpxchg-cycle Never" ] || what="$what herd7 not Never"
	[ -z "$what" ] && ok || bad "pr.sh branch:$what"
else
	bad "pr.sh: $(tail -n 3 "$w/pr.log")"
fi
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
