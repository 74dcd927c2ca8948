#!/usr/bin/env bash
# 32-bit FNV-1a of stdin as 8 hex digits (what plugin/lib/names.c computes).
h=2166136261
while IFS= read -r -d '' -n1 c || [ -n "$c" ]; do
	printf -v b '%d' "'$c"
	h=$(( ((h ^ (b & 255)) * 16777619) & 0xffffffff ))
	c=""
done
printf '%08x\n' "$h"
