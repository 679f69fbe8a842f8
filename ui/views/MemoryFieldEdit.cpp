#include "views/MemoryFieldEdit.h"

namespace engram::ui {

QString MemoryFieldEdit::fieldName(Field field)
{
    switch (field) {
    case Field::Content: return QStringLiteral("content");
    case Field::Keywords: return QStringLiteral("keywords");
    case Field::Category: return QStringLiteral("category");
    case Field::Confidence: return QStringLiteral("confidence");
    case Field::Importance: return QStringLiteral("importance");
    case Field::ProjectPath: return QStringLiteral("projectPath");
    case Field::Sensitivity: return QStringLiteral("sensitivity");
    }
    return {};
}

} // namespace engram::ui
