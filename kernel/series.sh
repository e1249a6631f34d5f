#!/usr/bin/env bash
# series.sh - produce the kernel series to post (make kernel-series).
#
# usage: kernel/series.sh [--out DIR] [--no-cover-letter] [riscv] [model]
#                         [loongarch-jit] [mips-jit]
#
# The patches committed in kernel/patches (riscv), kernel/model-series
# (model), kernel/jit-fixes/loongarch (loongarch-jit) and
# kernel/jit-fixes/mips (mips-jit) carry no author and no Signed-off-by:
# only the submitter can
# certify the Developer's Certificate of Origin
# (Documentation/process/submitting-patches.rst), so only the submitter's
# own identity may sign them.  This script takes that identity from
# `git config user.name` and `git config user.email` (as `git commit -s`
# does) and refuses, before doing anything else, when either is unset.
#
# For each series: a git tree holding the files the series touches, as the
# tarball has them (/usr/src/linux-source-6.12.tar.xz, BPFMM_KERNEL_TARBALL),
# under a temporary directory; each patch applied with `git apply --index`
# and committed with its subject and changelog, author and Signed-off-by
# from the identity above; then `git format-patch` of those commits into
# DIR/<series>/ (default build/kernel-series), with the subject prefix of
# the series directory's file subject-prefix when it has one (the riscv
# series' file says "PATCH"; "RFC PATCH" marks a series with an open
# question), else "PATCH".  The blob ids in the
# patches' index lines are those of the whole tree (git hashes contents).
#
# A series of one patch (the JIT fixes and the model documentation,
# each sent alone to its tree) gets no cover letter: its notes.txt, if
# any, goes below the patch's "---"
# line (git notes, format-patch --notes), where the testing is said; and
# its maintainers.txt (scripts/get_maintainer.pl's output on the patch,
# kept with it) gives the To: (the lines whose role is "maintainer:" or "supporter:")
# and Cc: (the others) headers.
#
# Each series of several patches also gets its cover letter, 0000-cover-letter.patch
# ("[PREFIX 0/N] SUBJECT"): git format-patch --cover-letter with the text
# of the series directory's cover-letter.txt (first paragraph the subject,
# the rest the body, as a branch description), followed by git's
# shortlog and diffstat of the series.  A series without that file is
# refused.  --no-cover-letter leaves it out (the checks that git am and
# checkpatch the output use it).
#
# Tool-assisted work (Documentation/process/coding-assistants.rst, read at
# torvalds/linux 41362886881f; added by "docs: add AI Coding Assistants
# documentation"): opt-in, from the submitter's configuration like the
# sign-off.
#     git config --global bpfmm.assistedBy "AGENT_NAME:MODEL_VERSION [TOOL...]"
# adds the trailer "Assisted-by: <that>" to every patch (git
# interpret-trailers: after the changelog's other trailers, before the
# Signed-off-by) and a disclosure paragraph to each cover letter, the
# text of `git config bpfmm.disclosure` if set, else a sentence naming
# the tools.  A value not of the form AGENT:MODEL [TOOL...] is refused.
# Nothing is added without it: no tool is named on anyone's behalf.
#
# Exit status: 0 when every requested series was written, 1 otherwise.
set -u
KDIR=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$KDIR/.." && pwd)
TARBALL=${BPFMM_KERNEL_TARBALL:-/usr/src/linux-source-6.12.tar.xz}
out=$ROOT/build/kernel-series
series=
cover=1

die() { echo "kernel-series: $*" >&2; exit 1; }

while [ $# -gt 0 ]; do
	case "$1" in
	--out) out=$2; shift 2 ;;
	--no-cover-letter) cover=; shift ;;
	riscv|model|loongarch-jit|mips-jit) series="$series $1"; shift ;;
	-h|--help) sed -n '2,56p' "$0"; exit 0 ;;
	*) echo "kernel-series: unknown argument $1" >&2; exit 2 ;;
	esac
done
[ -n "$series" ] || series="riscv model loongarch-jit mips-jit"

name=$(git config user.name 2>/dev/null)
email=$(git config user.email 2>/dev/null)
if [ -z "$name" ] || [ -z "$email" ]; then
	cat >&2 <<-EOF
	kernel-series: git config user.name and user.email are not set.
	The patches get their From: and Signed-off-by: from them: the
	Signed-off-by certifies the Developer's Certificate of Origin and must
	be the submitter's own (Documentation/process/submitting-patches.rst).
	Set yours, then run make kernel-series again:
	    git config --global user.name "Your Name"
	    git config --global user.email you@example.org
	EOF
	exit 1
fi
assisted=$(git config bpfmm.assistedBy 2>/dev/null)
disclosure=$(git config bpfmm.disclosure 2>/dev/null)
if [ -n "$assisted" ]; then
	printf '%s\n' "$assisted" | grep -q -E '^[^: ]+:[^: ]+( [^ ]+)*$' ||
		die "git config bpfmm.assistedBy is '$assisted', not AGENT_NAME:MODEL_VERSION [TOOL...] (Documentation/process/coding-assistants.rst)"
	[ -n "$disclosure" ] || disclosure="This series was prepared with the help of ${assisted%% *} (named, with the tools used, in the Assisted-by tag of each patch); every patch was reviewed, and is signed off, by its submitter."
fi
[ -r "$TARBALL" ] || die "kernel tarball $TARBALL not found (package linux-source-6.12)"
command -v git >/dev/null || die "git not found"
# the identity checked above, whatever GIT_AUTHOR_*/GIT_COMMITTER_* say
export GIT_AUTHOR_NAME=$name GIT_AUTHOR_EMAIL=$email
export GIT_COMMITTER_NAME=$name GIT_COMMITTER_EMAIL=$email

tmp=$(mktemp -d "${TMPDIR:-/tmp}/bpfmm-series.XXXXXX") || die "mktemp failed"
trap 'rm -rf "$tmp"' EXIT

# The tarball's top directory (linux-source-6.12/).
top=$(tar -tf "$TARBALL" 2>/dev/null | head -n 1)
top=${top%%/*}
[ -n "$top" ] || die "cannot list $TARBALL"

series_dir() {
	case "$1" in
	riscv) echo "$KDIR/patches" ;;
	model) echo "$KDIR/model-series" ;;
	loongarch-jit) echo "$KDIR/jit-fixes/loongarch" ;;
	mips-jit) echo "$KDIR/jit-fixes/mips" ;;
	esac
}
patches_of() { ls "$(series_dir "$1")"/*.patch; }
# a cover letter for a series of several patches (and unless --no-cover-letter)
wants_cover() { [ -n "$cover" ] && [ "$(patches_of "$1" | wc -l)" -gt 1 ]; }
# format-patch's --to / --cc from the series' maintainers.txt: "NAME
# <ADDR> (ROLE)" or "ADDR (ROLE)" a line; maintainers and supporters To:, the rest Cc:
recipients() {
	local f
	f="$(series_dir "$1")/maintainers.txt"
	[ -f "$f" ] || return 0
	sed -n 's/^\([^(]*[^ (]\) *(\(maintainer\|supporter\):.*$/--to=\1/p; t; s/^\([^(]*[^ (]\) *(.*$/--cc=\1/p; t; s/^\([^ ].*\)$/--cc=\1/p' "$f"
}

# One tree with the pre-image of every file any requested series changes.
# (and the tree's .gitattributes: "*.[ch] diff=cpp" gives the hunk headers
# the function names a whole tree's format-patch shows)
files=$( { echo .gitattributes
	for s in $series; do patches_of "$s"; done | xargs sed -n 's|^--- a/||p'; } | sort -u)
for s in $series; do
	if wants_cover "$s"; then
		[ -s "$(series_dir "$s")/cover-letter.txt" ] ||
			die "no $(series_dir "$s")/cover-letter.txt (the $s series' cover letter)"
	fi
	if [ -f "$(series_dir "$s")/notes.txt" ] && [ "$(patches_of "$s" | wc -l)" -gt 1 ]; then
		die "$(series_dir "$s")/notes.txt: notes below '---' are for a series of one patch"
	fi
done
mkdir -p "$tmp/x"
if [ -n "$files" ]; then
	# shellcheck disable=SC2046,SC2086
	tar -xf "$TARBALL" -C "$tmp/x" $(printf "$top/%s " $files) ||
		die "extracting the series' files from $TARBALL failed"
fi

for s in $series; do
	t=$tmp/tree-$s
	rm -rf "$t"
	cp -a "$tmp/x/$top" "$t" 2>/dev/null || mkdir -p "$t"
	(
		cd "$t" || exit 1
		git init -q && git add -A -f . &&
			git commit -q --allow-empty -m "$top (files changed by the $s series)" ||
			exit 1
		base=$(git rev-parse HEAD)
		for p in $(patches_of "$s"); do
			git mailinfo "$tmp/msg" "$tmp/patch" < "$p" > "$tmp/info" ||
				{ echo "kernel-series: ${p##*/}: not a patch mail" >&2; exit 1; }
			subject=$(sed -n 's/^Subject: //p' "$tmp/info")
			[ -n "$subject" ] || { echo "kernel-series: ${p##*/}: no Subject" >&2; exit 1; }
			if grep -q -i '^Signed-off-by:' "$tmp/msg"; then
				echo "kernel-series: ${p##*/} carries a Signed-off-by: the committed series must not" >&2
				exit 1
			fi
			git apply --index "$tmp/patch" ||
				{ echo "kernel-series: ${p##*/} does not apply to $top" >&2; exit 1; }
			{ echo "$subject"; echo; cat "$tmp/msg"; } > "$tmp/commit"
			if [ -n "$assisted" ]; then
				git interpret-trailers --in-place --trailer "Assisted-by: $assisted" "$tmp/commit" || exit 1
			fi
			git commit -q -s -F "$tmp/commit" || exit 1
		done
		rm -rf "${out:?}/$s"
		mkdir -p "$out/$s"
		prefix=PATCH
		[ -f "$(series_dir "$s")/subject-prefix" ] &&
			prefix=$(head -n 1 "$(series_dir "$s")/subject-prefix")
		cl=
		notes=
		if [ -f "$(series_dir "$s")/notes.txt" ]; then
			git notes add -F "$(series_dir "$s")/notes.txt" HEAD >/dev/null || exit 1
			notes=--notes
		fi
		mapfile -t rcpt < <(recipients "$s")
		if wants_cover "$s"; then
			# the description of the branch the series is on
			git config "branch.$(git symbolic-ref --short HEAD).description" \
				"$(cat "$(series_dir "$s")/cover-letter.txt"
				   [ -z "$disclosure" ] || printf '\n%s\n' "$disclosure" | fold -s -w 72 | sed 's/ *$//')" || exit 1
			cl="--cover-letter --cover-from-description=subject"
		fi
		# shellcheck disable=SC2086
		git -c core.abbrev=12 format-patch -q --zero-commit --no-signature $cl $notes \
			"${rcpt[@]}" --subject-prefix="$prefix" -o "$out/$s" "$base"..HEAD || exit 1
		if [ -n "$cl" ] && grep -q -F '*** ' "$out/$s/0000-cover-letter.patch"; then
			echo "kernel-series: the $s cover letter has git's placeholder text" >&2
			exit 1
		fi
	) || die "the $s series failed"
	echo "kernel-series: $out/$s: $(ls "$out/$s" | grep -v -c '^0000-cover-letter\.patch$') patches$(wants_cover "$s" && echo " and a cover letter"), From and Signed-off-by: $name <$email>${assisted:+, Assisted-by: $assisted}"
done
