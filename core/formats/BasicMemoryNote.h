#pragma once

#include "model/Result.h"

#include <QJsonObject>
#include <QStringList>

#include <vector>

namespace recollector::core::io::formats {

/// One basic-memory Markdown note taken apart (docs/formats.md, "basic-memory"): the front
/// matter, the observations (`- [category] text #tag (context)` list items, or list items
/// with a #tag) and the explicit relations (`- relation_type [[Target]] (context)`), as
/// basic-memory's own parser reads them; list items inside code fences and block quotes are
/// not read.
struct BasicMemoryNote
{
    struct Observation
    {
        QString category; ///< empty when the item has none
        QString content; ///< the text with its #tags, the (context) taken off
        QStringList tags;
        QString context;
    };
    struct Relation
    {
        QString type;
        QString target;
        QString context;
    };

    QString path; ///< relative to the folder, '/'-separated
    QJsonObject frontMatter;
    QString title; ///< front matter title, else the file name without .md
    QString type; ///< front matter type ("note" when absent)
    QString permalink;
    QStringList tags; ///< front matter tags
    QString body; ///< everything after the front matter
    std::vector<Observation> observations;
    std::vector<Relation> relations;

    /// Parses one note's text; a front matter that is not a YAML mapping is one error naming
    /// `where` and the field.
    [[nodiscard]] static Result<BasicMemoryNote> parse(const QByteArray &text, const QString &path, const QString &where);
    /// Whether text starts with a front matter block naming a permalink (a basic-memory note).
    static bool looksLike(const QByteArray &head);
};

} // namespace recollector::core::io::formats
