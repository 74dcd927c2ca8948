#include <stdio.h>

void pv_call(void);
int get_hits(void);

int main(void)
{
	pv_call();
	pv_call();
	printf("hits %d\n", get_hits());
	return 0;
}
