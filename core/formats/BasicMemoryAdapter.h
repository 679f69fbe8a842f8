#pragma once

#include "io/FormatAdapter.h"

namespace recollector::core::io::formats {

/// A basic-memory folder of Markdown notes (docs/formats.md, "basic-memory"). One memory per
/// observation (`- [category] text #tag (context)`): the category → category, the #tags and
/// the note's tags → keywords, the note's title → keyword and subject (extra.basicMemory); a
/// note without observations is one memory holding its text; an explicit relation
/// (`- relation_type [[Target]]`) → a manual link between the two notes' first memories, its
/// type kept. Import only.
class BasicMemoryAdapter final : public FormatAdapter
{
public:
    static constexpr int kMaxNotes = 10000;
    static constexpr int kMaxDepth = 16;

    QString name() const override { return QStringLiteral("basic-memory"); }
    QString title() const override { return QStringLiteral("basic-memory Markdown notes (folder)"); }
    /// A folder holding a Markdown note whose front matter names a permalink.
    bool detect(const FormatProbe &probe) const override;
    [[nodiscard]] Result<MemorySet> read(const QString &path, const AdapterReadOptions &options) const override;
};

} // namespace recollector::core::io::formats
