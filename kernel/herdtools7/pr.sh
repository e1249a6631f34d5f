#!/usr/bin/env bash
# kernel/herdtools7/pr.sh - the herdtools7 fix as a pull request branch.
#
# usage: kernel/herdtools7/pr.sh --herdtools7 DIR [--out DIR] [--branch NAME]
#
# DIR is the user's clone of herdtools7 (a git repository).  It is cloned
# again into OUT/herdtools7 (default build/herdtools7-pr; the user's own
# clone is never changed), and on a new branch (default
# bpf-cat-amo-coherence) one commit is made:
#   - 0001-bpf.cat-amo-in-the-coherence-check.patch applied to
#     herd/libdir/bpf.cat, and to catalogue/bpf/cats/bpf.cat when that
#     file is the same model;
#   - the test that shows the bug, tests/litmus/bpf/cmpxchg-cycle.litmus,
#     added to the BPF catalogue: catalogue/bpf/tests/cmpxchg-cycle.litmus,
#     its kind in catalogue/bpf/tests/kinds.txt ("cmpxchg-cycle Forbidden"),
#     and its name in catalogue/bpf/shelf.py's illustrative_tests;
# with the patch's subject and text as the message, authored (and
# committed) by `git config user.name` / `user.email`: the person who
# opens the pull request.  Without both it refuses and writes nothing, as
# kernel/series.sh does.  Then `git format-patch -1` of that commit into
# OUT, for review; push the branch to your fork and open the pull request.
#
# Exit status: 0 written, 1 refused or failed, 2 bad command line.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
patch=$here/0001-bpf.cat-amo-in-the-coherence-check.patch
test=$root/tests/litmus/bpf/cmpxchg-cycle.litmus
src= out=$root/build/herdtools7-pr branch=bpf-cat-amo-coherence

die() { echo "herdtools7-pr: $*" >&2; exit 1; }
while [ $# -gt 0 ]; do
	case "$1" in
	--herdtools7) src=${2:-}; shift 2 || exit 2 ;;
	--out) out=${2:-}; shift 2 || exit 2 ;;
	--branch) branch=${2:-}; shift 2 || exit 2 ;;
	-h|--help) sed -n '2,24p' "$0"; exit 0 ;;
	*) echo "herdtools7-pr: unknown argument $1 (see --help)" >&2; exit 2 ;;
	esac
done
[ -n "$src" ] || { echo "herdtools7-pr: --herdtools7 DIR needed (your clone of herdtools7)" >&2; exit 2; }
name=$(git config user.name 2>/dev/null)
email=$(git config user.email 2>/dev/null)
[ -n "$name" ] && [ -n "$email" ] ||
	die "git config user.name and user.email are not set: the commit is authored by the person who opens the pull request; set yours and run again"
git -C "$src" rev-parse --git-dir >/dev/null 2>&1 || die "$src is not a git repository"
for f in herd/libdir/bpf.cat catalogue/bpf/tests/kinds.txt catalogue/bpf/shelf.py; do
	git -C "$src" cat-file -e "HEAD:$f" 2>/dev/null || die "$src has no $f at HEAD: not herdtools7?"
done
export GIT_AUTHOR_NAME=$name GIT_AUTHOR_EMAIL=$email GIT_COMMITTER_NAME=$name GIT_COMMITTER_EMAIL=$email

tree=$out/herdtools7
rm -rf "$tree"
mkdir -p "$out" || die "cannot create $out"
git clone -q "$src" "$tree" || die "git clone $src failed"
cd "$tree" || exit 1
git checkout -q -b "$branch" || die "cannot create branch $branch"
git mailinfo "$out/msg" "$out/diff" < "$patch" > "$out/info" || die "the patch is not a mail"
subject=$(sed -n 's/^Subject: //p' "$out/info")
git apply --index "$out/diff" || die "the patch does not apply to herd/libdir/bpf.cat"
cats=catalogue/bpf/cats/bpf.cat
if [ -f "$cats" ] && git show HEAD:herd/libdir/bpf.cat | cmp -s - "$cats"; then
	cp herd/libdir/bpf.cat "$cats" && git add "$cats"
fi
t=catalogue/bpf/tests/cmpxchg-cycle.litmus
[ -e "$t" ] && die "$t exists already"
cp "$test" "$t" && git add "$t"
grep -q '^cmpxchg-cycle ' catalogue/bpf/tests/kinds.txt && die "kinds.txt names cmpxchg-cycle already"
[ -z "$(tail -c 1 catalogue/bpf/tests/kinds.txt)" ] || echo >> catalogue/bpf/tests/kinds.txt
echo "cmpxchg-cycle Forbidden" >> catalogue/bpf/tests/kinds.txt
# the entry goes before the closing ']' of illustrative_tests
awk 'BEGIN { done = 0 }
	/^illustrative_tests *= *\[/ { inlist = 1 }
	inlist && !done && /^\]/ { print "    \"tests/cmpxchg-cycle.litmus\","; done = 1; inlist = 0 }
	{ print }
	END { exit done ? 0 : 1 }' catalogue/bpf/shelf.py > "$out/shelf.py" ||
	die "no illustrative_tests list closed by ']' in catalogue/bpf/shelf.py"
cp "$out/shelf.py" catalogue/bpf/shelf.py
git add catalogue/bpf/tests/kinds.txt catalogue/bpf/shelf.py
{ echo "$subject"; echo; cat "$out/msg"; } > "$out/commit"
git commit -q -F "$out/commit" || die "git commit failed"
rm -f "$out"/*.patch
git format-patch -q -1 -o "$out" HEAD || die "git format-patch failed"
rm -f "$out/msg" "$out/diff" "$out/info" "$out/commit" "$out/shelf.py"
echo "herdtools7-pr: branch $branch in $tree, $(git show --stat --format= HEAD | tail -n 1 | sed 's/^ *//'), author $name <$email>; $(ls "$out"/*.patch)"
