#pragma once

#include <QByteArray>
#include <QJsonObject>

#include <optional>

namespace recollector::core::attach {

/// The front matter of a Claude Code memory file, read and written as Claude Code 2.1 does
/// (docs/formats.md, "Claude Code memory folders"): `name` and `description` at the top,
/// every other key under `metadata:` (`type`, `node_type`, `originSessionId`, …). Older files
/// hold them at the top; Claude Code folds any top-level key other than `name`,
/// `description` and `metadata` into `metadata`, so both forms give the same fields.
///
/// Fields: one flat object, `name`, `description`, each metadata key (a key in both places
/// takes the metadata's value) and `body`; every value is text (a list or map as compact
/// JSON). The front matter is read with a real YAML parser (io::YamlJson); a file whose front
/// matter is not YAML but plain `key: value` lines (older writers) still reads.
class ClaudeFrontMatter final
{
public:
    static const QString kBody;

    static std::optional<QJsonObject> fields(const QByteArray &bytes);
    /// `original` holding `target`: the lines whose value did not change keep their bytes
    /// (order, quoting, comments, unknown keys); a new key goes where the file keeps keys of
    /// its kind (under `metadata:` when the file has it). When the edited lines would not
    /// read back as exactly `target`, the whole front matter is written anew in the file's
    /// form instead.
    static QByteArray rewrite(const QByteArray &original, const QJsonObject &target);
    /// A new file in Claude Code's current form: `name`, `description`, `metadata:` holding
    /// the other keys (`type` first), a blank line, the body.
    static QByteArray fresh(const QJsonObject &target);

private:
    static QByteArray compose(const QJsonObject &target, bool nested);
};

} // namespace recollector::core::attach
