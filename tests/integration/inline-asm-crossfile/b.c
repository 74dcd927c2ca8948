/* Defined here, named only by asm text in a.c. */
long counter;

void bump_counter(void)
{
	counter += 21;
}
