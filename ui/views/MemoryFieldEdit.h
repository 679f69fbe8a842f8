#pragma once

#include <QMetaType>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <variant>

namespace engram::ui {

/// One in-place edit the detail panel asks for: which field of which memory, and its new
/// value in the field's own type (made only through the factories, so the two agree). The
/// panel never writes; the window turns this into an undoable decision.
struct MemoryFieldEdit
{
    enum class Field : std::uint8_t { Content, Keywords, Category, Confidence, Importance, ProjectPath, Sensitivity };
    /// QString (content, category, projectPath), QStringList (keywords), double (confidence,
    /// importance) or int (sensitivity, 0–3).
    using Value = std::variant<QString, QStringList, double, int>;

    QString memoryId;
    Field field = Field::Content;
    Value value;

    static MemoryFieldEdit content(const QString &id, const QString &text) { return {id, Field::Content, text}; }
    static MemoryFieldEdit keywords(const QString &id, const QStringList &words) { return {id, Field::Keywords, words}; }
    static MemoryFieldEdit category(const QString &id, const QString &name) { return {id, Field::Category, name}; }
    static MemoryFieldEdit confidence(const QString &id, double v) { return {id, Field::Confidence, v}; }
    static MemoryFieldEdit importance(const QString &id, double v) { return {id, Field::Importance, v}; }
    static MemoryFieldEdit projectPath(const QString &id, const QString &path) { return {id, Field::ProjectPath, path}; }
    static MemoryFieldEdit sensitivity(const QString &id, int level) { return {id, Field::Sensitivity, level}; }

    /// The field's JSON name (docs/formats.md, "A memory's fields"): "content", "projectPath" …
    static QString fieldName(Field field);

    const QString &text() const { return std::get<QString>(value); }
    const QStringList &words() const { return std::get<QStringList>(value); }
    double number() const { return std::get<double>(value); }
    int level() const { return std::get<int>(value); }

    bool operator==(const MemoryFieldEdit &) const = default;
};

} // namespace engram::ui

Q_DECLARE_METATYPE(engram::ui::MemoryFieldEdit)
