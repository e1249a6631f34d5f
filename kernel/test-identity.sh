# test-identity.sh - sourced by the kernel checks (check.sh, model-check.sh,
# tests/apply-test.sh, tests/series-test.sh).
#
# checkpatch wants a Signed-off-by matching From:, and git am an author,
# but the committed series carries neither (see series.sh).  The checks
# run series.sh with this identity set only in the environment of that one
# command (GIT_CONFIG_COUNT: command-line configuration, above every
# config file), under their cache directory: a series signed with it is
# for checkpatch and git am here, never to be posted.
TEST_SIGNER_NAME="bpfmm checkpatch run"
TEST_SIGNER_EMAIL="checkpatch-run@example.invalid"

# with_test_identity CMD ARGS...: CMD sees user.name/user.email as above.
with_test_identity() {
	GIT_CONFIG_COUNT=2 \
	GIT_CONFIG_KEY_0=user.name GIT_CONFIG_VALUE_0="$TEST_SIGNER_NAME" \
	GIT_CONFIG_KEY_1=user.email GIT_CONFIG_VALUE_1="$TEST_SIGNER_EMAIL" \
		"$@"
}

# test_series OUTDIR SERIES...: series.sh --out OUTDIR SERIES, signed with
# the test identity, without the cover letter (git am and checkpatch take
# every OUTDIR/SERIES/*.patch); its messages go to stderr.
test_series() {
	local out=$1
	shift
	with_test_identity bash "$(dirname "${BASH_SOURCE[0]}")/series.sh" \
		--out "$out" --no-cover-letter "$@" >&2
}
