#pragma once

#include <QString>

namespace recollector::ui {

class StoreSession;

/// How the window names a memory in a sentence (docs/user-guide.md, "glossary"): by its own
/// text, shortened and in quotes, as every view shows it (masked while locked or in privacy
/// mode). Never by its id.
class MemoryName final
{
public:
    /// The text shortened to `max` characters on one line, an ellipsis where it was cut.
    static QString shortened(const QString &text, int max = 60);
    /// “the memory's text”, shortened; empty when no such memory is in the open store.
    static QString quoted(const StoreSession *session, const QString &id, int max = 60);
};

} // namespace recollector::ui
