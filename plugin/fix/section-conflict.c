// SPDX-License-Identifier: GPL-2.0
/*
 * Fix rule: section type conflicts that exist only because cc1 writes
 * LTO IR (cc1).  Nothing is kept here; a declaration's section is
 * dropped so that an unmodified kernel compiles with -flto at all.
 *
 * Linux 6.12 x86 declares a const alias of a writable per-cpu variable in
 * the same section, and the linker script defines the alias:
 *
 *	DECLARE_PER_CPU_ALIGNED(struct pcpu_hot, pcpu_hot);
 *	DECLARE_PER_CPU_ALIGNED(const struct pcpu_hot __percpu_seg_override,
 *				const_pcpu_hot);
 *
 * (also cpu_tlbstate/const_cpu_tlbstate).  Without -flto the section of a
 * declaration is never looked at.  With it, lto-streamer-out.cc
 * (produce_asm_for_decls, the symbol table extension) asks varasm.cc
 * get_variable_section for every symbol the IR refers to, declarations
 * included, and get_section reports "'pcpu_hot' causes a section type
 * conflict with 'const_pcpu_hot'": 33 files of 6.12 x86_64 fail so.
 *
 * The rule: within one user section, when the flags GCC derives for its
 * members disagree, the external declarations whose flags differ from the
 * section's definitions (or, with no definition in this file, all the
 * external declarations) lose their section.  On x86 the section of a
 * variable this file does not define changes no code: it is addressed by
 * symbol either way, and in the LTO link the definition's section is the
 * one that counts (lto-symtab.cc merges declarations into it).
 * Conflicts between definitions are left to GCC: they are errors without
 * LTO too.  Each dropped section is reported ("section-dropped").
 */
#include "ltoguard-gcc.h"
#include "ltoguard-plugin.h"

/* What get_variable_section (varasm.cc) passes as RELOC for this decl. */
static int reloc_for(varpool_node *node)
{
	tree init = DECL_INITIAL(node->decl);

	if (!node->definition || !init || init == error_mark_node)
		return 0;
	return compute_reloc_for_constant(init);
}

/* The section flags get_section (varasm.cc) compares, for NODE. */
static unsigned int placement_flags(varpool_node *node)
{
	return targetm.section_type_flags(node->decl, node->get_section(),
					  reloc_for(node)) & ~SECTION_DECLARED;
}

struct section_members {
	unsigned int first_flags;
	bool mixed;
	bool any_definition;
	unsigned int definition_flags;
};

typedef hash_map<nofree_string_hash, section_members> section_map;

static void collect(section_map *sections)
{
	varpool_node *node;

	FOR_EACH_VARIABLE(node) {
		if (!lg_has_user_section(node))
			continue;
		unsigned int flags = placement_flags(node);
		bool existed;
		section_members &m = sections->get_or_insert(node->get_section(),
							     &existed);

		if (!existed)
			m.first_flags = flags;
		else if (flags != m.first_flags)
			m.mixed = true;
		if (node->definition && !m.any_definition) {
			m.any_definition = true;
			m.definition_flags = flags;
		}
	}
}

static void drop_section(varpool_node *node, const char *section)
{
	struct lg_why why;

	why.reason = LG_REASON_SECTION_CONFLICT;
	why.detail = lg_concat("declaration in section ", section,
			       " conflicts with another member of it under -flto",
			       NULL);
	lg_report_note(node, LG_ACT_SECTION_DROPPED, &why);
	node->set_section(NULL);
}

void lg_fix_section_conflicts(void)
{
	section_map sections(13);
	varpool_node *node;

	collect(&sections);
	FOR_EACH_VARIABLE(node) {
		if (node->definition || !lg_has_user_section(node))
			continue;
		const char *section = node->get_section();
		section_members *m = sections.get(section);

		if (!m || !m->mixed)
			continue;
		if (m->any_definition &&
		    placement_flags(node) == m->definition_flags)
			continue;
		drop_section(node, section);
	}
}
