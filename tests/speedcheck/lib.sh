# shellcheck shell=sh
# Helpers for the -speedcheck cases of tests/speedcheck/list (sourced
# after setting $root; used by regen.sh and tests/scripts/cli.sh).

# speed_file KIND ENTRY DIR: the test file of a list entry (rcu:SHAPE is
# written into DIR by bench/rcu-shape.sh)
speed_file() {
	case $2 in
	rcu:*) sh "$root/bench/rcu-shape.sh" "$3" "${2#rcu:}" ;;
	*) echo "$root/$2" ;;
	esac
}

# speed_run TOOL KIND FILE VALUE LKMM: run herd7 or bpfmm (TOOL: "herd7
# PATH" or "bpfmm PATH") on FILE with -speedcheck VALUE as a test of KIND
# (bpf: models/bpf.cat; riscv: our riscv.cat, which herd7 reads through
# tests/diff/herd-riscv.cat; c: linux-kernel.cfg in the LKMM tree LKMM);
# stdout without the Time and Hash lines, which differ run to run.
speed_run() {
	_tool=$1 _kind=$2 _file=$3 _v=$4 _lkmm=$5
	set -- ${_tool%% *}
	_exe=${_tool#* }
	case $1:$_kind in
	herd7:bpf) "$_exe" -model "$root/models/bpf.cat" -speedcheck "$_v" "$_file" ;;
	herd7:riscv) "$_exe" -I "$root/models" -model "$root/tests/diff/herd-riscv.cat" -speedcheck "$_v" "$_file" ;;
	bpfmm:bpf|bpfmm:riscv) "$_exe" -speedcheck "$_v" "$_file" ;;
	*:c) (cd "$_lkmm" && "$_exe" -conf linux-kernel.cfg -speedcheck "$_v" "$_file") ;;
	esac 2>/dev/null | grep -v -e '^Time ' -e '^Hash='
}

# speed_name FILE: the test's name (expected/NAME.VALUE)
speed_name() { basename "$1" .litmus; }
