# tests/scripts/litmus-lib.sh - sourced by test scripts that write small
# litmus tests of their own (tests/scripts/cli.sh,
# tests/conformance/checklitmus.sh).

# c_sb NAME [DOC [LOCATIONS]]: the C store-buffering test (no fences, so
# its exists state is allowed) on stdout; DOC, if given, goes in a
# (* ... *) comment after the name line, one " * " line per line of DOC;
# LOCATIONS, if given, is a `locations` line before the condition.
c_sb() {
	printf 'C %s\n' "$1"
	if [ -n "${2:-}" ]; then
		printf '\n(*\n'
		printf '%s\n' "$2" | sed 's/^/ * /; s/ $//'
		printf ' *)\n'
	fi
	cat <<'LITMUS'

{}

P0(int *x, int *y)
{
	int r0;

	WRITE_ONCE(*x, 1);
	r0 = READ_ONCE(*y);
}

P1(int *x, int *y)
{
	int r0;

	WRITE_ONCE(*y, 1);
	r0 = READ_ONCE(*x);
}

LITMUS
	[ -n "${3:-}" ] && printf '%s\n' "$3"
	printf 'exists (0:r0=0 /\\ 1:r0=0)\n'
}
