#error this configuration is not supported
int main(void) { return 0; }
