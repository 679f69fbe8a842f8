#pragma once

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <vector>

namespace recollector::core::io {

/// How another program's file was read into a memory set (docs/formats.md, "Other memory
/// systems"): which source field went to which memory field, and which had no place (kept in
/// the memory's `extra`, or left out), each with how many times it occurred. The import
/// preview and `recollector-cli import --dry-run --json` show it.
struct MappingReport
{
    struct Entry
    {
        QString from; ///< the source field, e.g. "blocks[].label"
        QString to; ///< the memory field ("category"), or why it has no place
        int count = 0;
    };

    QString format; ///< the adapter's name ("letta", "mcp-memory", ...); empty for Recollector's own sets
    QString title; ///< the adapter's title, e.g. "Letta Agent File (.af)"
    std::vector<Entry> mapped;
    std::vector<Entry> unplaced;

    /// Counts one more `from` → `to` (entries keep their first-seen order).
    void map(const QString &from, const QString &to, int count = 1);
    /// Counts one more `from` that has no memory field; `why` says where it went
    /// ("kept in extra.letta", "left out: messages are not memories").
    void noPlace(const QString &from, const QString &why, int count = 1);

    bool isEmpty() const { return mapped.empty() && unplaced.empty(); }
    /// One line per entry: "blocks[].label → category (4)", "messages[] : no place, ... (91)".
    QStringList lines() const;
    /// {"format", "title", "mapped": [{from, to, count}], "unplaced": [{from, why, count}]}.
    QJsonObject toJson() const;
};

} // namespace recollector::core::io
