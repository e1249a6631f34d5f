#!/usr/bin/env bash
# model-check.sh - check the BPF memory-model series (make kernel-model-check).
#
# usage: kernel/model-check.sh [--no-deps] [--no-loongarch] [--no-mips]
#                              [--jit-only] [--no-docs]
#
# Three series for Linux 6.12 as Debian ships it, applied in this order:
#   kernel/model-series (model), one patch for bpf-next:
#     Documentation/bpf/memory-model.rst (+ index); its formal model is
#     herdtools7's bpf.cat, no copy in the tree
#   kernel/jit-fixes/loongarch (loongarch-jit), one patch for the bpf tree:
#     LoongArch JIT: fully ordered fetch/xchg/cmpxchg (the fix bpfmm map
#     argues for; mappings/loongarch64-proposed)
#   kernel/jit-fixes/mips (mips-jit), one patch for the bpf tree:
#     MIPS JIT: sync before and after the LL/SC loops of fetch, xchg and
#     cmpxchg where LL/SC does not order (mappings/mips64-proposed)
# Steps, each a PASS/FAIL line:
#   1. kernel/series.sh makes the series to post, signed with the test
#      identity of kernel/test-identity.sh (the committed patches carry no
#      From: and no Signed-off-by:), and they apply with `git am` to the
#      Debian tarball's tree;
#   2. scripts/checkpatch.pl --strict on those: 0 errors, 0 warnings,
#      0 checks, per patch; scripts/get_maintainer.pl on each one-patch
#      series gives its maintainers.txt (the To: and Cc: series.sh writes);
#   3. what memory-model.rst cites (kernel/doc-check.sh): paths of the
#      tree or of herdtools7 only, every test it names one of its examples
#      or a row of its catalogue table, each example our test with its
#      Result: under bpfmm, each row its catalogue kind under bpfmm and
#      herd7 (with ../shared), herdtools7's bpf.cat differing on the one
#      example the document says, and not with kernel/herdtools7's fix;
#      a copy of the document citing a tools/memory-model/bpf file and a
#      test it does not give must fail that check;
#   4. (gone: the tools/memory-model/bpf copy of the model was dropped)
#   5. `make SPHINXDIRS=bpf htmldocs` before and after the series: no new
#      warning (Debian's sphinx);
#   6. ARCH=loongarch LLVM=-19 (clang-19, lld-19): a tinyconfig kernel with
#      the BPF JIT and the LoongArch fix builds (vmlinux), the JIT's
#      object builds without the fix too, and the two objects differ (the
#      _db opcodes and the dbar are in the patched object's code).
#      --jit-only (make check's kernel-model suite, for its time budget):
#      the JIT's object with the fix instead of the whole vmlinux.
#   7. ARCH=mips with Debian's gcc-mips64el-linux-gnuabi64: the JIT's two
#      objects (bpf_jit_comp.o, bpf_jit_comp64.o) for a 64-bit SMP
#      Loongson-3 config (kernel/configs/mips64-bpf.config) build with and
#      without the MIPS fix, and only the patched ones emit sync in the fetch,
#      xchg and cmpxchg paths (calls of uasm_i_sync in the disassembly).
#      Objects only, in make check too: no MIPS kernel is linked.
# Ends with "kernel-model-check: N passed, N failed".
#
# Trees and build output live under $BPFMM_CACHE (default ~/.cache/bpfmm)
# /kernel-model, never in the repository. Nothing is loaded into the host
# kernel; no kernel is run here.
set -u
KDIR=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$KDIR/.." && pwd)
BPFMM_CACHE=${BPFMM_CACHE:-$HOME/.cache/bpfmm}
W=$BPFMM_CACHE/kernel-model
TARBALL=${BPFMM_KERNEL_TARBALL:-/usr/src/linux-source-6.12.tar.xz}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
SERIES=$KDIR/model-series
# the series applied, in order (kernel/series.sh's names)
NAMES="model loongarch-jit mips-jit"
SERIES_DIRS="$SERIES $KDIR/jit-fixes/loongarch $KDIR/jit-fixes/mips"
# the series as `make kernel-series` makes them, signed with the test
# identity of test-identity.sh (the committed patches carry no From: and
# no Signed-off-by:): what git am and checkpatch are given
POSTED=$W/posted
posted() { for n in $NAMES; do ls "$POSTED/$n"/*.patch; done; }
# shellcheck source=test-identity.sh
. "$KDIR/test-identity.sh"
SHARED=${SHARED:-$ROOT/../shared}
BPFMM=${BPFMM:-$ROOT/build/bpfmm}
PACKAGES="linux-source-6.12 git make gcc flex bison bc libssl-dev libelf-dev perl python3
python3-sphinx python3-yaml clang-19 lld-19 llvm-19 ccache xz-utils
gcc-mips64el-linux-gnuabi64 binutils-mips64el-linux-gnuabi64"

deps=1 loongarch=1 mips=1 docs=1 la_target=vmlinux
while [ $# -gt 0 ]; do
	case "$1" in
	--no-deps) deps=0 ;;
	--no-loongarch) loongarch=0 ;;
	--no-mips) mips=0 ;;
	--jit-only) la_target=arch/loongarch/net/bpf_jit.o ;;
	--no-docs) docs=0 ;;
	-h|--help) sed -n '2,52p' "$0"; exit 0 ;;
	*) echo "model-check.sh: unknown argument $1" >&2; exit 2 ;;
	esac
	shift
done

pass=0 fail=0
log() { printf '%s [model] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
item() { # PASS|FAIL text
	echo "$1 $2"
	if [ "$1" = PASS ]; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
}
finish() { echo "kernel-model-check: $pass passed, $fail failed"; [ $fail -eq 0 ]; exit $?; }

if [ $deps -eq 1 ]; then
	missing=
	for p in $PACKAGES; do
		dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed$' ||
			missing="$missing $p"
	done
	if [ -n "$missing" ]; then
		if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
			log "installing:$missing"
			export DEBIAN_FRONTEND=noninteractive
			apt-get update -q >/dev/null 2>&1
			# shellcheck disable=SC2086
			apt-get install -y -q --no-install-recommends $missing >/dev/null ||
				{ item FAIL "apt-get install$missing"; finish; }
		else
			echo "missing Debian packages:$missing" >&2
			echo "install them with: sudo apt-get install -y$missing" >&2
			exit 1
		fi
	fi
fi
[ -r "$TARBALL" ] || { echo "SKIP: no kernel tarball $TARBALL"; exit 0; }
mkdir -p "$W/logs"

# 1. One git tree of the tarball, its base commit tagged; the series is
# re-applied on a branch whenever the patches change.
src=$W/src
# shellcheck disable=SC2086
want=$( { stat -c '%n %s %Y' "$TARBALL"; for d in $SERIES_DIRS; do cat "$d"/*.patch "$d"/notes.txt 2>/dev/null; done; } |
	sha256sum | cut -d' ' -f1)
if [ ! -f "$src/.git/bpfmm-base" ]; then
	log "extracting $TARBALL"
	rm -rf "$src" "$W/src.tmp"; mkdir -p "$W/src.tmp"
	tar -xf "$TARBALL" -C "$W/src.tmp" || { item FAIL "extract $TARBALL"; finish; }
	mv "$W/src.tmp"/*/ "$src" && rmdir "$W/src.tmp"
	git -C "$src" init -q && git -C "$src" add -f -A . &&
		with_test_identity git -C "$src" commit -q -m base ||
		{ item FAIL "git tree of $TARBALL"; finish; }
	git -C "$src" rev-parse HEAD >"$src/.git/bpfmm-base"
fi
base=$(cat "$src/.git/bpfmm-base")
g() { with_test_identity git -C "$src" "$@"; }
# shellcheck disable=SC2086
test_series "$W/posted" $NAMES || { item FAIL "kernel-series: $NAMES"; finish; }
if [ "$(cat "$src/.git/bpfmm-series" 2>/dev/null)" != "$want" ] ||
	! g rev-parse -q --verify series >/dev/null; then
	g am --abort >/dev/null 2>&1
	g checkout -q -f "$base" && g branch -q -f series "$base" && g checkout -q series || { item FAIL "series branch"; finish; }
	# shellcheck disable=SC2046
	if g am -q $(posted) >"$W/logs/am.log" 2>&1; then
		echo "$want" >"$src/.git/bpfmm-series"
	else
		g am --abort >/dev/null 2>&1
		cat "$W/logs/am.log" >&2
		item FAIL "git am: the series does not apply to $TARBALL"
		finish
	fi
else
	g checkout -q -f series
fi
item PASS "git am: $(posted | wc -l) patches ($NAMES) apply to $(basename "$TARBALL")"

# 2. checkpatch. The tree has no kernel git history, so checkpatch
# cannot look a commit id up and warns UNKNOWN_COMMIT_ID for every one
# (the Fixes: tags of the JIT fixes name the upstream commits that added
# the LoongArch and MIPS JITs and their atomics). That one check is
# ignored, and a second run without --ignore must show no other kind of
# warning.
#
# FILE_PATH_CHANGES ("added, moved or deleted file(s), does MAINTAINERS
# need updating?") is asked of every patch that adds a file and does not
# touch MAINTAINERS. The model series adds no MAINTAINERS entry on
# purpose: its file is covered already (Documentation/bpf/ by BPF
# [GENERAL]). So the question is
# answered here instead of ignored: every file the patch creates must
# have a maintainer or supporter in the 6.12 MAINTAINERS, by
# get_maintainer.pl -f; only then is the warning left out.
git -C "$src" show "$base:MAINTAINERS" >"$W/MAINTAINERS.base"
covered() { # PATCH: every created file has a maintainer or supporter
	local f
	for f in $(sed -n 's/^ create mode [0-7]* //p' "$1"); do
		(cd "$src" && perl scripts/get_maintainer.pl --mpath "$W/MAINTAINERS.base" --no-git \
			--no-git-fallback -f "$f" 2>/dev/null) | grep -q -E '\((maintainer|supporter):' || {
			echo "$f"; return 1; }
	done
}
for p in $(posted); do
	ign=UNKNOWN_COMMIT_ID
	if grep -q '^ create mode ' "$p" && ! grep -q '^diff --git a/MAINTAINERS ' "$p"; then
		if nocover=$(covered "$p"); then
			ign=$ign,FILE_PATH_CHANGES
		else
			item FAIL "${p##*/}: $nocover has no maintainer in MAINTAINERS, and the patch adds none"
		fi
	fi
	out=$(cd "$src" && perl scripts/checkpatch.pl --strict --ignore "$ign" "$p" 2>&1)
	all=$(cd "$src" && perl scripts/checkpatch.pl --strict --show-types "$p" 2>&1)
	other=$(grep -E '^(ERROR|WARNING):' <<<"$all" | grep -v -E "^WARNING:(${ign//,/|}):")
	tot=$(grep -E '^total: ' <<<"$out" | tail -n 1)
	if grep -q -E '^total: 0 errors, 0 warnings, 0 checks' <<<"$tot" && [ -z "$other" ]; then
		note=
		[ "$ign" = UNKNOWN_COMMIT_ID ] || note=" (FILE_PATH_CHANGES answered: its new files are covered by MAINTAINERS)"
		item PASS "checkpatch --strict ${p##*/} ($tot)$note"
	else
		grep -E -A4 '^(ERROR|WARNING|CHECK)' <<<"$out" >&2
		item FAIL "checkpatch --strict ${p##*/}: $tot"
	fi
done

# get_maintainer.pl on each one-patch series (roles and lists, no git
# history), in the tree as released (each goes alone to its tree), gives
# the maintainers.txt that series.sh turns into To: and Cc:.
g checkout -q -f "$base"
for d in $SERIES_DIRS; do
	d=$d/
	dn=${d#"$KDIR"/}
	got=$(cd "$src" && perl scripts/get_maintainer.pl --no-git --no-git-fallback "$d"0001-*.patch 2>/dev/null)
	if [ -n "$got" ] && [ "$got" = "$(cat "$d/maintainers.txt" 2>/dev/null)" ]; then
		item PASS "get_maintainer.pl: ${dn}maintainers.txt ($(wc -l <"$d/maintainers.txt") lines)"
	else
		diff <(echo "$got") "$d/maintainers.txt" >&2
		item FAIL "get_maintainer.pl on ${dn%/} differs from its maintainers.txt"
	fi
done
g checkout -q -f series

# 3. what the document cites (kernel/doc-check.sh), and the same check
# failing on a copy that cites a file the series does not add and a test
# it does not give
doc=$src/Documentation/bpf/memory-model.rst
out=$(SHARED=$SHARED BPFMM=$BPFMM bash "$KDIR/doc-check.sh" "$doc" "$src" 2>&1)
grep -E '^(FAIL|SKIP)' <<<"$out" >&2
nf=$(grep -c '^FAIL' <<<"$out")
np=$(grep -c '^PASS' <<<"$out")
if [ "$nf" -eq 0 ] && [ "$np" -gt 0 ]; then
	item PASS "memory-model.rst cites only what exists: $np checks ($(grep -c '^SKIP' <<<"$out") skipped)"
else
	item FAIL "memory-model.rst: $nf of $((np + nf)) checks failed"
fi
sed 's|^Litmus tests$|See ``tools/memory-model/bpf/bpf.cat`` and ``MP+made+up``.\n\n&|' "$doc" >"$W/doc-broken.rst"
out=$(SHARED=$SHARED BPFMM=$BPFMM bash "$KDIR/doc-check.sh" "$W/doc-broken.rst" "$src" 2>&1)
if grep -q '^FAIL .*names paths.*tools/memory-model/bpf/bpf.cat' <<<"$out" &&
	grep -q '^FAIL .*cites tests.* MP+made+up' <<<"$out"; then
	item PASS "doc-check.sh fails on a copy citing tools/memory-model/bpf/bpf.cat and MP+made+up"
else
	item FAIL "doc-check.sh does not fail on a copy citing a missing file and test: $(head -n 3 <<<"$out")"
fi
rm -f "$W/doc-broken.rst"

# 5. documentation: warnings of SPHINXDIRS=bpf before and after
docwarn() { # TREEISH LOG -> warnings, one per line, paths made relative
	g checkout -q -f "$1" || return 1
	rm -rf "$W/docs-out"
	make -C "$src" O="$W/docs-out" SPHINXDIRS=bpf htmldocs >"$2" 2>&1
	local st=$?
	grep -E -i 'warning|error' "$2" | sed -e "s|$src/||g" -e "s|$W/docs-out/||g" | sort -u
	return $st
}
if [ $docs -eq 1 ]; then
	if [ ! -f "$W/docs-base.warn" ] || [ "$(cat "$W/docs-base.id" 2>/dev/null)" != "$base" ]; then
		log "htmldocs (bpf) of the base tree"
		docwarn "$base" "$W/logs/docs-base.log" >"$W/docs-base.warn" && echo "$base" >"$W/docs-base.id"
	fi
	log "htmldocs (bpf) with the series"
	if docwarn series "$W/logs/docs-series.log" >"$W/docs-series.warn"; then
		new=$(comm -13 "$W/docs-base.warn" "$W/docs-series.warn")
		html=$W/docs-out/Documentation/output/bpf/memory-model.html
		[ -f "$html" ] || html=$(find "$W/docs-out" -name memory-model.html | head -n 1)
		if [ -z "$new" ] && [ -n "$html" ] && [ -f "$html" ]; then
			item PASS "htmldocs SPHINXDIRS=bpf: memory-model.html built, no new warning"
		else
			echo "$new" >&2
			item FAIL "htmldocs SPHINXDIRS=bpf: $(echo "$new" | grep -c .) new warnings${html:+}"
		fi
	else
		tail -n 20 "$W/logs/docs-series.log" >&2
		item FAIL "htmldocs SPHINXDIRS=bpf failed with the series"
	fi
	g checkout -q -f series
fi

# fix_commit DIR: the commit of the series that changes DIR (its parent is
# the tree without that patch, whatever its position in the series).
fix_commit() { g log -1 --format=%H "$base"..series -- "$1"; }

# frag_config MK BUILDDIR ARCH FRAGMENT LINE...: tinyconfig plus FRAGMENT
# in BUILDDIR through the make function MK; each LINE must be a line of the
# resulting .config. Configured again when FRAGMENT changes (its copy in
# the build dir).
frag_config() {
	local mk=$1 b=$2 arch=$3 frag=$4 s
	shift 4
	mkdir -p "$b"
	cmp -s "$frag" "$b/.bpfmm-fragment" && [ -f "$b/.config" ] && return 0
	rm -f "$b/.config" "$b/.bpfmm-fragment"
	"$mk" "$b" -s tinyconfig >/dev/null &&
	(cd "$src" && ARCH=$arch ./scripts/kconfig/merge_config.sh -m -O "$b" "$b/.config" \
		"$frag") >"$W/logs/$arch-merge.log" 2>&1 &&
	"$mk" "$b" -s olddefconfig >/dev/null || return 1
	for s; do
		grep -q -x "$s" "$b/.config" || { log "$arch config: $s did not stick"; return 1; }
	done
	cp "$frag" "$b/.bpfmm-fragment"
}

# 6. LoongArch with LLVM: vmlinux with the LoongArch fix (the whole kernel, BPF JIT
# included, compiles and links), then, in a second build directory with
# the same .config, only the JIT object without the LoongArch fix (6.12 as released),
# to compare the two objects. The fix changes asm/inst.h, which two thirds of
# the kernel include, so a second vmlinux would cost most of a build again.
la_mk() { # BUILDDIR ARGS...
	local b=$1
	shift
	make -C "$src" O="$b" ARCH=loongarch LLVM=-19 CC="ccache clang-19" "$@"
}
la_build() { # TREEISH NAME TARGET
	local b=$W/build-loongarch
	[ "$2" = base ] && b=$W/build-loongarch-base
	g checkout -q -f "$1" || return 1
	frag_config la_mk "$b" loongarch "$KDIR/configs/loongarch-bpf.config" \
		CONFIG_BPF_JIT=y CONFIG_BPF_SYSCALL=y CONFIG_64BIT=y CONFIG_SMP=y || return 1
	la_mk "$b" -j"$JOBS" "$3" >"$W/logs/la-$2.log" 2>&1 || { tail -n 20 "$W/logs/la-$2.log" >&2; return 1; }
	cp "$b/arch/loongarch/net/bpf_jit.o" "$W/bpf_jit-$2.o"
}
if [ $loongarch -eq 1 ]; then
	t0=$(date +%s)
	la_fix=$(fix_commit arch/loongarch)
	if [ -z "$la_fix" ]; then
		item FAIL "no patch of the series changes arch/loongarch"
	elif la_build series fixed "$la_target"; then
		item PASS "ARCH=loongarch LLVM=-19: $la_target with the BPF JIT and the LoongArch fix builds ($(( $(date +%s) - t0 )) s)"
		t0=$(date +%s)
		if la_build "$la_fix~1" base arch/loongarch/net/bpf_jit.o; then
			item PASS "ARCH=loongarch LLVM=-19: arch/loongarch/net/bpf_jit.o without the LoongArch fix builds ($(( $(date +%s) - t0 )) s)"
			# The JIT builds instruction words at run time, so the change
			# shows as different constants in bpf_jit.o, nothing more here.
			if cmp -s "$W/bpf_jit-base.o" "$W/bpf_jit-fixed.o"; then
				item FAIL "arch/loongarch/net/bpf_jit.o is the same with and without the LoongArch fix"
			else
				item PASS "arch/loongarch/net/bpf_jit.o differs with the LoongArch fix"
			fi
		else
			item FAIL "ARCH=loongarch LLVM=-19: bpf_jit.o without the LoongArch fix (see $W/logs/la-base.log)"
		fi
	else
		item FAIL "ARCH=loongarch LLVM=-19 build with the LoongArch fix (see $W/logs/la-fixed.log)"
	fi
	g checkout -q -f series
fi

# 7. MIPS with Debian's gcc: the JIT's two objects with the MIPS fix, then without
# it in the same build directory (the fix changes only arch/mips/net, so only
# those two files are compiled again). The JIT writes instructions at run
# time through uasm's uasm_i_<insn>() functions, so a sync it emits is a
# call of uasm_i_sync() in its code. With mips64-bpf.config (no Loongson-3
# workaround, whose LLSC_sync() is the JIT's only other sync) the objects
# without the MIPS fix call it nowhere; with the MIPS fix, emit_atomic_r() and
# emit_cmpxchg_r() call it (or emit_llsc_mb(), which gcc may outline) at
# least twice each, before and after the loop, and bpf_jit_comp64.o at
# least four times (emit_atomic_r64() and emit_cmpxchg_r64(), inlined into
# build_insn()).
MIPS_CROSS=mips64el-linux-gnuabi64-
mips_objs="arch/mips/net/bpf_jit_comp.o arch/mips/net/bpf_jit_comp64.o"
mips_mk() { # BUILDDIR ARGS...
	local b=$1
	shift
	make -C "$src" O="$b" ARCH=mips CROSS_COMPILE="$MIPS_CROSS" CC="ccache ${MIPS_CROSS}gcc" "$@"
}
mips_build() { # TREEISH NAME
	local b=$W/build-mips o
	g checkout -q -f "$1" || return 1
	frag_config mips_mk "$b" mips "$KDIR/configs/mips64-bpf.config" \
		CONFIG_BPF_JIT=y CONFIG_64BIT=y CONFIG_SMP=y CONFIG_WEAK_REORDERING_BEYOND_LLSC=y \
		'# CONFIG_CPU_LOONGSON3_WORKAROUNDS is not set' || return 1
	# shellcheck disable=SC2086
	mips_mk "$b" -j"$JOBS" $mips_objs >"$W/logs/mips-$2.log" 2>&1 ||
		{ tail -n 20 "$W/logs/mips-$2.log" >&2; return 1; }
	for o in $mips_objs; do
		o=${o##*/}
		cp "$b/arch/mips/net/$o" "$W/mips-${o%.o}-$2.o" || return 1
	done
}
# sync_sites OBJECT: "FUNCTION N" for each function of OBJECT with N calls
# of uasm_i_sync() or of a part of emit_llsc_mb() (gcc's .part/.isra
# copies, called through .text+OFFSET), the latter not listed themselves.
sync_sites() {
	"${MIPS_CROSS}objdump" -dr "$1" | awk '
	/^[0-9a-f]+ <[^>]*>:$/ {
		fn = $2; gsub(/[<>:]/, "", fn)
		a = $1; sub(/^0+/, "", a); at[a == "" ? "0" : a] = fn
		next
	}
	/R_MIPS_26/ { n++; caller[n] = fn; callee[n] = $NF }
	END {
		for (i = 1; i <= n; i++) {
			t = callee[i]
			if (t == ".text") t = at["0"]
			else if (t ~ /^\.text\+0x/) { sub(/^\.text\+0x0*/, "", t); t = at[t == "" ? "0" : t] }
			if (caller[i] ~ /^emit_llsc_mb/) continue
			if (t == "uasm_i_sync" || t ~ /^emit_llsc_mb/) c[caller[i]]++
		}
		for (f in c) print f, c[f]
	}' | sort
}
count_of() { awk -v f="$1" '$1 == f { n = $2 } END { print n + 0 }'; }
if [ $mips -eq 1 ]; then
	t0=$(date +%s)
	mips_fix=$(fix_commit arch/mips)
	if [ -z "$mips_fix" ]; then
		item FAIL "no patch of the series changes arch/mips"
	elif mips_build series fixed; then
		item PASS "ARCH=mips ${MIPS_CROSS}gcc: the JIT's objects with the MIPS fix build ($(( $(date +%s) - t0 )) s)"
		t0=$(date +%s)
		if mips_build "$mips_fix~1" base; then
			item PASS "ARCH=mips ${MIPS_CROSS}gcc: the JIT's objects without the MIPS fix build ($(( $(date +%s) - t0 )) s)"
			base_sites=$(sync_sites "$W/mips-bpf_jit_comp-base.o"; sync_sites "$W/mips-bpf_jit_comp64-base.o")
			comp=$(sync_sites "$W/mips-bpf_jit_comp-fixed.o")
			comp64=$(sync_sites "$W/mips-bpf_jit_comp64-fixed.o")
			at=$(count_of emit_atomic_r <<<"$comp")
			cx=$(count_of emit_cmpxchg_r <<<"$comp")
			n64=$(awk '{ n += $2 } END { print n + 0 }' <<<"$comp64")
			what="emit_atomic_r $at, emit_cmpxchg_r $cx, bpf_jit_comp64.o $n64 (${comp64//$'\n'/, })"
			if [ -z "$base_sites" ] && [ "$at" -ge 2 ] && [ "$cx" -ge 2 ] && [ "$n64" -ge 4 ]; then
				item PASS "ARCH=mips: sync emitted with the MIPS fix only: $what; none without"
			else
				item FAIL "ARCH=mips: sync sites with the MIPS fix: $what (want >= 2, 2, 4), without: ${base_sites//$'\n'/, } (want none)"
			fi
		else
			item FAIL "ARCH=mips: the JIT's objects without the MIPS fix (see $W/logs/mips-base.log)"
		fi
	else
		item FAIL "ARCH=mips: the JIT's objects with the MIPS fix (see $W/logs/mips-fixed.log)"
	fi
	g checkout -q -f series
fi
finish
