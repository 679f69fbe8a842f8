// engram_tested (tests/CMakeLists.txt): the shared library every test program links. Its code
// is the Engram libraries' own objects, linked in whole; a shared library needs one source of
// its own, and this is it.
namespace engram::tests {
int engramTestedLibrary = 0;
}
