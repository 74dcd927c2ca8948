// SPDX-License-Identifier: GPL-2.0
/* Section and symbol name rules (plugin/lib/names.c). */
#include "unit.h"

/* The export kind of SECTION's table, or "-" when it is none. */
static const char *export_kind(const char *section)
{
	enum lg_reason reason;

	return lg_export_section_kind(section, &reason) ? lg_reason_name(reason) : "-";
}

static void test_export_sections(void **state)
{
	(void)state;
	assert_string_equal(export_kind("___ksymtab+frob"), "export");
	assert_string_equal(export_kind("___ksymtab_gpl+frob"), "export-gpl");
	assert_string_equal(export_kind("__ksymtab"), "export");
	assert_string_equal(export_kind("__ksymtab_gpl"), "export-gpl");
	assert_string_equal(export_kind(".export_symbol"), "export");
	assert_string_equal(export_kind("__ksymtab_strings"), "-");
	assert_string_equal(export_kind("___kcrctab+frob"), "-");
	assert_string_equal(export_kind(".text"), "-");
	assert_string_equal(export_kind(NULL), "-");
}

static void test_table_sections(void **state)
{
	(void)state;
	/* data in any explicit section, functions only in __start_-able ones */
	assert_true(lg_is_table_section(".init.data", 0));
	assert_true(lg_is_table_section("drivers", 0));
	assert_true(lg_is_table_section("my_hooks", 1));
	assert_false(lg_is_table_section(".init.text", 1));
	assert_false(lg_is_table_section(".noinstr.text", 1));
	assert_false(lg_is_table_section("9lives", 1));
	assert_false(lg_is_table_section("", 0));
	assert_false(lg_is_table_section(".discard.addressable", 0));
	assert_false(lg_is_table_section(NULL, 0));
}

static void test_hash_is_stable(void **state)
{
	(void)state;
	/* FNV-1a reference values: renamed statics must not change names */
	assert_int_equal(lg_hash32(""), 0x811c9dc5ul);
	assert_int_equal(lg_hash32("a"), 0xe40c292cul);
	assert_int_equal(lg_hash32("foobar"), 0xbf9cf968ul);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_export_sections),
		cmocka_unit_test(test_table_sections),
		cmocka_unit_test(test_hash_is_stable),
	};

	return cmocka_run_group_tests_name("names", tests, NULL, NULL);
}
