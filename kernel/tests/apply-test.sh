#!/usr/bin/env bash
# apply-test.sh - the series applies to a pristine Debian linux-source-6.12
# tree both with "git am" and with "patch -p1", and both results are the
# same tree; checkpatch --strict reports no ERROR/WARNING on any patch.
#
# Uses a scratch directory under $BPFMM_CACHE (about 3 GB while it runs,
# removed at the end).  Takes a minute or two (two extractions, one
# git add of the whole tree).  Ends with "apply-test: N passed, N failed".
set -u
# shellcheck source=../lib.sh
. "$(dirname "$0")/../lib.sh"

scratch=$WORK/apply-test
rm -rf "$scratch"
mkdir -p "$scratch/am" "$scratch/patch"
trap 'rm -rf "$scratch"' EXIT
npass=0
nfail=0
ok() { echo "PASS apply-test $1"; npass=$((npass + 1)); }
ko() { echo "FAIL apply-test $1"; nfail=$((nfail + 1)); }

[ -r "$TARBALL" ] || die "no $TARBALL"
# git am and checkpatch get the series as `make kernel-series` makes it,
# signed with the test identity (the committed patches have no author)
test_series "$scratch/posted" riscv || die "kernel/series.sh failed"
POSTED=$scratch/posted/riscv
tar -xf "$TARBALL" -C "$scratch/am" --strip-components=1 || die "extract failed"
tar -xf "$TARBALL" -C "$scratch/patch" --strip-components=1 || die "extract failed"

# git am on a pristine commit.  Debian's top-level .gitignore ignores
# everything ("/*"), hence add -f.
(
	cd "$scratch/am" || exit 1
	git init -q . &&
	git -c user.name=apply-test -c user.email=apply-test@invalid add -A -f >/dev/null &&
	git -c user.name=apply-test -c user.email=apply-test@invalid \
		commit -q -m pristine &&
	git -c user.name=apply-test -c user.email=apply-test@invalid \
		am -q "$POSTED"/*.patch
) && ok "git am" || ko "git am"

n=$(cd "$scratch/am" && git rev-list --count HEAD 2>/dev/null)
want=$(( $(ls "$PATCHDIR"/*.patch | wc -l) + 1 ))
[ "$n" = "$want" ] && ok "git am made $((want - 1)) commits" || ko "git am commit count ($n, want $want)"

fail=0
for p in "$PATCHDIR"/*.patch; do
	patch -d "$scratch/patch" -p1 --batch --forward --quiet < "$p" || fail=1
done
[ $fail -eq 0 ] && ok "patch -p1" || ko "patch -p1"

# Both ways give the same files (ignore git's own directory).
if diff -r -q -x .git "$scratch/am" "$scratch/patch" >/dev/null; then
	ok "git am and patch -p1 give the same tree"
else
	ko "git am and patch -p1 give the same tree"
fi

for p in "$POSTED"/*.patch; do
	tot=$(cd "$scratch/patch" && perl scripts/checkpatch.pl --strict "$p" 2>&1 | grep '^total:')
	case "$tot" in
	"total: 0 errors, 0 warnings, 0 checks,"*) ok "checkpatch ${p##*/}: $tot" ;;
	*) ko "checkpatch ${p##*/}: $tot" ;;
	esac
done

echo "apply-test: $npass passed, $nfail failed"
[ $nfail -eq 0 ]
