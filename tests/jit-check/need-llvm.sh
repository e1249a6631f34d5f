# tests/jit-check/need-llvm.sh - sourced by the jit-check suites: the
# disassembler they need (Debian package llvm-19), installed as root by
# scripts/deps.sh; without it the suite says SKIP and exits 0.
if ! command -v llvm-objdump-19 >/dev/null || ! command -v llvm-objcopy-19 >/dev/null; then
	sh scripts/deps.sh clang >/dev/null 2>&1
	if ! command -v llvm-objdump-19 >/dev/null || ! command -v llvm-objcopy-19 >/dev/null; then
		echo "SKIP: no llvm-objdump-19 / llvm-objcopy-19 (Debian package llvm-19: scripts/deps.sh clang)"
		exit 0
	fi
fi
