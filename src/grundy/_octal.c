/* Placeholder: the compiled octal-game kernel (grundy._octal) is being written. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

static struct PyModuleDef octal_module = {PyModuleDef_HEAD_INIT, "_octal", NULL, -1, NULL};

PyMODINIT_FUNC PyInit__octal(void) { return PyModule_Create(&octal_module); }
