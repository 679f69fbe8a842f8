#pragma once

#include <QString>

namespace recollector::core::io {

/// The trash beside a folder keeps every version of a file (docs/formats.md, "Agent memory
/// folders"): the first one trashed under its own name (`<id>.json`), each later one with a
/// number before its suffix (`<id>.2.json`, `<id>.3.json`, …), so a re-created file deleted
/// again never replaces the copy trashed before it. `name` may hold folders (`<slug>/memory/x.md`).
namespace trash_versions {

/// Where the next version of `name` goes in `trash`.
QString next(const QString &trash, const QString &name);
/// The latest version of `name` in `trash` (the highest number); empty when there is none.
QString latest(const QString &trash, const QString &name);

} // namespace trash_versions

} // namespace recollector::core::io
