# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# Sourced by the btf-ids fixtures' case.conf: what resolve_btfids reads
# of a binary (tools/bpf/resolve_btfids/main.c, symbols_collect): every
# symbol in .BTF_ids named __BTF_ID__KIND__..., as "OFFSET KIND ID", by
# address, OFFSET from the first of them; a set's ID is the rest of its
# name, any other's is cut at its last "__" (get_id).  The fixture's
# btf_ids.txt has what the build without LTO gives.

btf_ids_view() {
	local shndx addr kind id first=""
	shndx=$(readelf -SW "$1" | sed -n 's/^ *\[ *\([0-9]*\)\] \.BTF_ids .*/\1/p')
	[ -n "$shndx" ] || return 1
	readelf -sW "$1" | awk -v sec="$shndx" '$7 == sec && $8 ~ /^__BTF_ID__/ { print $2, $8 }' |
		sort | awk '
		{
			name = substr($2, 11)
			kind = name; sub(/__.*/, "", kind)
			id = substr(name, length(kind) + 3)
			if (kind != "set" && kind != "set8") {
				if (!match(id, /__[^_]*$/)) id = "?" id
				else id = substr(id, 1, RSTART - 1)
			}
			print $1, kind, id
		}' |
		while read -r addr kind id; do
			[ -n "$first" ] || first=$((16#$addr))
			echo "$((16#$addr - first)) $kind $id"
		done
}

# missing_functions BINARY < VIEW: the functions a "func" ID names that
# BINARY has no function symbol of that name for: pahole writes BTF FUNC
# records only for those it has, so resolve_btfids leaves their IDs 0
missing_functions() {
	local funcs
	funcs=$(readelf -sW "$1" | awk '$4 == "FUNC" { print $8 }')
	awk '$2 == "func" { print $3 }' | sort -u | while read -r f; do
		grep -qxF "$f" <<<"$funcs" || echo "$f"
	done
}

check_btf_ids() {
	local want=$FIXTURE/../btf-ids-src/btf_ids.txt got missing
	got=$(btf_ids_view "$1") || { echo "    no .BTF_ids in $(basename "$1")"; return 1; }
	if [ "$got" != "$(cat "$want")" ]; then
		echo "    resolve_btfids would read other IDs than without LTO:"
		diff <(echo "$got") "$want" | sed 's/^/    /' | head -n 8
		return 1
	fi
	missing=$(missing_functions "$1" <<<"$got" | paste -sd' ')
	[ -z "$missing" ] && return 0
	echo "    functions BTF_ID names are not in $(basename "$1") under their names: $missing"
	return 1
}
