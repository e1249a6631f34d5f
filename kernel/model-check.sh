#!/usr/bin/env bash
# model-check.sh - check the BPF memory-model series (make kernel-model-check).
#
# usage: kernel/model-check.sh [--no-deps] [--no-loongarch] [--jit-only] [--no-docs]
#
# kernel/model-series holds three patches for Linux 6.12 as Debian ships it:
#   0001 Documentation/bpf/standardization/memory-model.rst (+ index)
#   0002 tools/memory-model/bpf: the model, litmus tests, README, check.sh
#   0003 LoongArch JIT: fully ordered fetch/xchg/cmpxchg (the fix bpfmm map
#        argues for; mappings/loongarch64-proposed)
# Steps, each a PASS/FAIL line:
#   1. the series applies with `git am` to the Debian tarball's tree;
#   2. scripts/checkpatch.pl --strict: no ERROR, no WARNING, per patch;
#   3. tools/memory-model/bpf/bpf.cat is models/bpf.cat (plus its SPDX
#      line), and every test there is one of tests/litmus/bpf;
#   4. tools/memory-model/bpf/check.sh gives every Result: with bpfmm, and
#      with ../shared/tools/herd7 when present;
#   5. `make SPHINXDIRS=bpf htmldocs` before and after the series: no new
#      warning (Debian's sphinx);
#   6. ARCH=loongarch LLVM=-19 (clang-19, lld-19): a tinyconfig kernel with
#      the BPF JIT and patch 0003 builds (vmlinux), the JIT's object builds
#      without 0003 too, and the two objects differ (the _db opcodes and
#      the dbar are in the patched object's code). --jit-only (make
#      check's kernel-model suite, for its time budget): the JIT's object
#      with 0003 instead of the whole vmlinux.
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
SHARED=${SHARED:-$ROOT/../shared}
BPFMM=${BPFMM:-$ROOT/build/bpfmm}
PACKAGES="linux-source-6.12 git make gcc flex bison bc libssl-dev libelf-dev perl python3
python3-sphinx python3-yaml clang-19 lld-19 llvm-19 ccache xz-utils"

deps=1 loongarch=1 docs=1 la_target=vmlinux
while [ $# -gt 0 ]; do
	case "$1" in
	--no-deps) deps=0 ;;
	--no-loongarch) loongarch=0 ;;
	--jit-only) la_target=arch/loongarch/net/bpf_jit.o ;;
	--no-docs) docs=0 ;;
	-h|--help) sed -n '2,32p' "$0"; exit 0 ;;
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
want=$( { stat -c '%n %s %Y' "$TARBALL"; cat "$SERIES"/*.patch; } | sha256sum | cut -d' ' -f1)
if [ ! -f "$src/.git/bpfmm-base" ]; then
	log "extracting $TARBALL"
	rm -rf "$src" "$W/src.tmp"; mkdir -p "$W/src.tmp"
	tar -xf "$TARBALL" -C "$W/src.tmp" || { item FAIL "extract $TARBALL"; finish; }
	mv "$W/src.tmp"/*/ "$src" && rmdir "$W/src.tmp"
	git -C "$src" init -q && git -C "$src" add -f -A . &&
		git -C "$src" -c user.name=bpfmm -c user.email=dev@bpfmm.invalid commit -q -m base ||
		{ item FAIL "git tree of $TARBALL"; finish; }
	git -C "$src" rev-parse HEAD >"$src/.git/bpfmm-base"
fi
base=$(cat "$src/.git/bpfmm-base")
g() { git -C "$src" -c user.name=bpfmm -c user.email=dev@bpfmm.invalid "$@"; }
if [ "$(cat "$src/.git/bpfmm-series" 2>/dev/null)" != "$want" ] ||
	! g rev-parse -q --verify series >/dev/null; then
	g am --abort >/dev/null 2>&1
	g checkout -q -f "$base" && g branch -q -f series "$base" && g checkout -q series || { item FAIL "series branch"; finish; }
	if g am -q "$SERIES"/*.patch >"$W/logs/am.log" 2>&1; then
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
item PASS "git am: $(ls "$SERIES"/*.patch | wc -l) patches apply to $(basename "$TARBALL")"

# 2. checkpatch. The tree has no kernel git history, so checkpatch
# cannot look a commit id up and warns UNKNOWN_COMMIT_ID for every one
# (the Fixes: tag of 0003 names the upstream commit that added the
# LoongArch JIT and its atomics). That one check is ignored, and a second
# run without --ignore must show no other kind of warning.
for p in "$SERIES"/*.patch; do
	out=$(cd "$src" && perl scripts/checkpatch.pl --strict --ignore UNKNOWN_COMMIT_ID "$p" 2>&1)
	all=$(cd "$src" && perl scripts/checkpatch.pl --strict --show-types "$p" 2>&1)
	other=$(grep -E '^(ERROR|WARNING):' <<<"$all" | grep -v '^WARNING:UNKNOWN_COMMIT_ID:')
	tot=$(grep -E '^total: ' <<<"$out" | tail -n 1)
	if grep -q -E '^total: 0 errors, 0 warnings' <<<"$tot" && [ -z "$other" ]; then
		item PASS "checkpatch --strict ${p##*/} ($tot)"
	else
		grep -E -A4 '^(ERROR|WARNING)' <<<"$out" >&2
		item FAIL "checkpatch --strict ${p##*/}: $tot"
	fi
done

# 3. the model in tools/ is ours, the tests are from our corpus
mm=$src/tools/memory-model/bpf
if [ "$(tail -n +2 "$mm/bpf.cat")" = "$(cat "$ROOT/models/bpf.cat")" ] &&
	head -n 1 "$mm/bpf.cat" | grep -q 'SPDX-License-Identifier'; then
	item PASS "tools/memory-model/bpf/bpf.cat is models/bpf.cat"
else
	item FAIL "tools/memory-model/bpf/bpf.cat differs from models/bpf.cat (regenerate the series)"
fi
bad=
for t in "$mm"/litmus-tests/*.litmus; do
	cmp -s "$t" "$ROOT/tests/litmus/bpf/${t##*/}" || bad="$bad ${t##*/}"
done
[ -z "$bad" ] && item PASS "tools/memory-model/bpf/litmus-tests: $(ls "$mm"/litmus-tests | wc -l) tests, all from tests/litmus/bpf" ||
	item FAIL "tests not in tests/litmus/bpf or different:$bad"

# 4. Result: lines under bpfmm and herd7
if [ -x "$BPFMM" ]; then
	out=$(cd "$mm" && HERD7=$BPFMM sh ./check.sh 2>&1)
	grep -q '^[0-9]* passed, 0 failed' <<<"$out" && item PASS "check.sh with bpfmm: $(tail -n 1 <<<"$out")" ||
		{ grep FAIL <<<"$out" >&2; item FAIL "check.sh with bpfmm: $(tail -n 1 <<<"$out")"; }
else
	item FAIL "no $BPFMM (run make)"
fi
H=$SHARED/tools/herd7/herd7
if [ -x "$H" ]; then
	out=$(cd "$mm" && HERD7=$H sh ./check.sh 2>&1)
	grep -q '^[0-9]* passed, 0 failed' <<<"$out" && item PASS "check.sh with herd7: $(tail -n 1 <<<"$out")" ||
		{ grep FAIL <<<"$out" >&2; item FAIL "check.sh with herd7: $(tail -n 1 <<<"$out")"; }
else
	log "no herd7 at $H: check.sh with herd7 skipped"
fi

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
		html=$W/docs-out/Documentation/output/bpf/standardization/memory-model.html
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

# 6. LoongArch with LLVM: vmlinux with 0003 (the whole kernel, BPF JIT
# included, compiles and links), then, in a second build directory with
# the same .config, only the JIT object without 0003 (6.12 as released),
# to compare the two objects. 0003 changes asm/inst.h, which two thirds of
# the kernel include, so a second vmlinux would cost most of a build again.
la_mk() { # BUILDDIR ARGS...
	local b=$1
	shift
	make -C "$src" O="$b" ARCH=loongarch LLVM=-19 CC="ccache clang-19" "$@"
}
la_config() { # BUILDDIR
	local b=$1 frag=$KDIR/configs/loongarch-bpf.config
	mkdir -p "$b"
	# configured again when the fragment changes (its copy in the build dir)
	cmp -s "$frag" "$b/.bpfmm-fragment" && [ -f "$b/.config" ] && return 0
	rm -f "$b/.config" "$b/.bpfmm-fragment"
	la_mk "$b" -s tinyconfig >/dev/null &&
	(cd "$src" && ARCH=loongarch ./scripts/kconfig/merge_config.sh -m -O "$b" "$b/.config" \
		"$frag") >"$W/logs/la-merge.log" 2>&1 &&
	la_mk "$b" -s olddefconfig >/dev/null || return 1
	for s in CONFIG_BPF_JIT=y CONFIG_BPF_SYSCALL=y CONFIG_64BIT=y CONFIG_SMP=y; do
		grep -q -x "$s" "$b/.config" || { log "loongarch config: $s did not stick"; return 1; }
	done
	cp "$frag" "$b/.bpfmm-fragment"
}
la_build() { # TREEISH NAME TARGET
	local b=$W/build-loongarch
	[ "$2" = base ] && b=$W/build-loongarch-base
	g checkout -q -f "$1" || return 1
	la_config "$b" || return 1
	la_mk "$b" -j"$JOBS" "$3" >"$W/logs/la-$2.log" 2>&1 || { tail -n 20 "$W/logs/la-$2.log" >&2; return 1; }
	cp "$b/arch/loongarch/net/bpf_jit.o" "$W/bpf_jit-$2.o"
}
if [ $loongarch -eq 1 ]; then
	t0=$(date +%s)
	if la_build series fixed "$la_target"; then
		item PASS "ARCH=loongarch LLVM=-19: $la_target with the BPF JIT and 0003 builds ($(( $(date +%s) - t0 )) s)"
		t0=$(date +%s)
		if la_build series~1 base arch/loongarch/net/bpf_jit.o; then
			item PASS "ARCH=loongarch LLVM=-19: arch/loongarch/net/bpf_jit.o without 0003 builds ($(( $(date +%s) - t0 )) s)"
			# The JIT builds instruction words at run time, so the change
			# shows as different constants in bpf_jit.o, nothing more here.
			if cmp -s "$W/bpf_jit-base.o" "$W/bpf_jit-fixed.o"; then
				item FAIL "arch/loongarch/net/bpf_jit.o is the same with and without 0003"
			else
				item PASS "arch/loongarch/net/bpf_jit.o differs with 0003"
			fi
		else
			item FAIL "ARCH=loongarch LLVM=-19: bpf_jit.o without 0003 (see $W/logs/la-base.log)"
		fi
	else
		item FAIL "ARCH=loongarch LLVM=-19 build with 0003 (see $W/logs/la-fixed.log)"
	fi
	g checkout -q -f series
fi
finish
