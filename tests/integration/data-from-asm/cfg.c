int config_a = 10;
int config_b[2] = { 20, 30 };
