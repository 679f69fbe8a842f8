#include "store/TextCheck.h"

#include "model/TextRules.h"

namespace recollector::core {

namespace {

// Each text field a person or a program gives a memory, with its name for the message.
template <typename M, typename Visit>
Status eachText(M &memory, Visit &&visit)
{
    for (auto [field, text] : {std::pair{"content", &memory.content}, std::pair{"category", &memory.category},
                               std::pair{"projectPath", &memory.projectPath}}) {
        if (const Status st = visit(field, *text); !st)
            return st;
    }
    for (auto [field, list] : {std::pair{"keywords", &memory.keywords}, std::pair{"originalContents", &memory.originalContents}}) {
        for (auto &text : *list) {
            if (const Status st = visit(field, text); !st)
                return st;
        }
    }
    return {};
}

} // namespace

Status checkText(const Memory &memory, std::optional<Memory> &repaired)
{
    repaired.reset();
    bool damaged = false;
    const Status st = eachText(memory, [&](const char *field, const QString &text) -> Status {
        if (const QString problem = text_rules::problem(text); !problem.isEmpty())
            return Error::make(Error::Code::Validation, QStringLiteral("memory %1: %2 %3; nothing was written")
                                                            .arg(memory.id, QLatin1String(field), problem));
        for (const QChar c : text)
            damaged = damaged || c.isSurrogate();
        return {};
    });
    if (!st || !damaged)
        return st;
    Memory fixed = memory;
    (void)eachText(fixed, [](const char *, QString &text) -> Status {
        text_rules::repairSurrogates(text);
        return {};
    });
    repaired = std::move(fixed);
    return {};
}

} // namespace recollector::core
