// recollector_tested (tests/CMakeLists.txt): the shared library every test program links. Its code
// is the Recollector libraries' own objects, linked in whole; a shared library needs one source of
// its own, and this is it.
namespace recollector::tests {
int recollectorTestedLibrary = 0;
}
