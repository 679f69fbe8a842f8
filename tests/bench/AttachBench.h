#pragma once

#include "BenchTypes.h"

#include <QString>

namespace recollector::bench {

/// attach_10k_s (docs/architecture.md, "Performance budget"): `recollector --attach DIR` on an
/// agent folder of 10,000 files, from process start to the first paint of the table with rows
/// (the window's RECOLLECTOR_BENCH_FIRST_PAINT line), offscreen, with a fresh side store each run
/// (XDG_DATA_HOME in a scratch folder), so the whole folder is read every time. The folder
/// is written once under the work folder and reused.
class AttachBench final
{
public:
    AttachBench(QString enginePath, QString workDir);
    Measurement run(int runs, int files = 10000);

private:
    QString m_enginePath;
    QString m_workDir;
};

} // namespace recollector::bench
