extern const int tbl_entry;
int main(void)
{
	int (*fn)(void) = (int (*)(void))((const char *)&tbl_entry + tbl_entry);
	return fn() == 42 ? 0 : 1;
}
