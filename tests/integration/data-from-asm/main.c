#include <stdio.h>

extern int *const ptrs[2];

int main(void)
{
	printf("%d %d\n", *ptrs[0], *ptrs[1]);
	return 0;
}
