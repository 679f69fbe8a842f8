// One `<id>.json` file of an agent memory folder, read the way AgentFolder::read reads each
// file (JsonText, an object, the file name as id when there is none, AgentEntry with the
// file's time as the fallback creation time), without the folder around it. Any bytes give a
// memory or one error; a memory that was read, written back over the file's own content,
// reads again.
#include "FuzzSupport.h"

#include "io/AgentEntry.h"
#include "io/JsonText.h"

#include <QJsonDocument>

using namespace recollector;
using namespace recollector::core;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString name = QStringLiteral("entry.json");
    const auto value = io::JsonText::parse(fuzz::input(data, size), name);
    if (!value || !value->isObject())
        return 0;
    QJsonObject object = value->toObject();
    if (!object.contains(QStringLiteral("id")) || object.value(QStringLiteral("id")).isNull())
        object.insert(QStringLiteral("id"), QStringLiteral("entry"));
    QStringList notes;
    const io::MemoryParseOptions options { 1704103200000, QStringLiteral("the file's modification time"), &notes };
    std::vector<Association> links;
    const auto memory = io::AgentEntry::fromObject(object, name, options, &links);
    if (!memory)
        return 0;

    const QByteArray written = io::AgentEntry::toFileBytes(io::AgentEntry::toObject(*memory, links, object));
    const auto reread = io::JsonText::parse(written, name);
    if (!reread || !reread->isObject())
        fuzz::fail("an agent entry writes JSON", reread ? QStringLiteral("not an object") : reread.error().message);
    std::vector<Association> relinks;
    const auto again = io::AgentEntry::fromObject(reread->toObject(), name, options, &relinks);
    if (!again)
        fuzz::fail("an agent entry read, written back over its file, reads again", again.error().message);
    return 0;
}
