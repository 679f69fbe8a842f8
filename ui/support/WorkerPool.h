#pragma once

class QThreadPool;

namespace recollector::ui {

/// The window's own thread pool for work that runs for long (the background snapshot load,
/// the scheduled cleanup, queued detection, job dialogs, the graph overview, attaching).
/// Qt's global pool is left to Qt: the raster paint engine splits a large fill over it and
/// the GUI thread waits until those pieces have run, so a job that holds a global thread for
/// seconds holds the paint (docs/architecture.md, "Performance budget": open_first_paint_ms).
QThreadPool *workerPool();

} // namespace recollector::ui
