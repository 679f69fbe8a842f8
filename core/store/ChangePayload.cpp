#include "store/ChangePayload.h"

#include "store/ChangeScan.h"

#include <simdjson.h>

namespace recollector::core {

namespace {

QString qtext(std::string_view text) { return QString::fromUtf8(text.data(), qsizetype(text.size())); }

using simdjson::ondemand::json_type;

json_type typeOf(simdjson::ondemand::value &value)
{
    json_type type = json_type::null;
    if (value.type().get(type))
        return json_type::null;
    return type;
}

std::uint8_t fieldBit(std::string_view name)
{
    const auto &fields = ChangeScan::editedFields();
    for (std::size_t i = 0; i < fields.size(); ++i) {
        if (name == std::string_view(fields[i].data(), std::size_t(fields[i].size())))
            return std::uint8_t(1u << i);
    }
    return 0;
}

// The members, read into a copy: a payload found broken halfway gives none of them. Members
// not asked for are skipped by the parser, which still checks their structure.
bool readMembers(simdjson::ondemand::document &doc, ChangeEventRow &row)
{
    simdjson::ondemand::object object;
    if (doc.get_object().get(object))
        return false;
    QString change;
    QString action;
    for (auto field : object) {
        std::string_view key;
        simdjson::ondemand::value value;
        if (field.unescaped_key().get(key) || field.value().get(value))
            return false;
        const json_type type = typeOf(value);
        if (key == "fromFile" || key == "change" || key == "action" || key == "decision") {
            std::string_view text;
            if (type != json_type::string)
                continue;
            if (value.get_string().get(text))
                return false;
            if (key == "decision")
                row.decided = !text.empty();
            else
                (key == "fromFile" ? row.fromFile : key == "change" ? change : action) = qtext(text);
        } else if ((key == "created" || key == "removed") && type == json_type::boolean) {
            bool flag = false;
            if (value.get_bool().get(flag))
                return false;
            (key == "created" ? row.created : row.removed) = flag;
        } else if (key == "after" && type == json_type::object) {
            simdjson::ondemand::object after;
            if (value.get_object().get(after))
                return false;
            row.fields = 0;
            for (auto member : after) {
                std::string_view name;
                if (member.unescaped_key().get(name))
                    return false;
                row.fields |= fieldBit(name);
            }
        } else if (key == "reverts" && type == json_type::number) {
            std::int64_t id = 0;
            if (value.get_int64().get(id))
                id = 0;
            row.reverts = id;
        }
    }
    row.change = change.isNull() ? action : change;
    return true;
}

} // namespace

struct ChangePayload::Parser
{
    simdjson::ondemand::parser parser;
};

ChangePayload::ChangePayload() : m_parser(std::make_unique<Parser>()) {}

ChangePayload::~ChangePayload() = default;

const QString &ChangePayload::intern(std::string_view text)
{
    for (const auto &[bytes, name] : m_names) {
        if (bytes == text)
            return name;
    }
    // Past a few dozen names (not expected) the rest are not kept: a lookup stays short.
    if (m_names.size() >= 64) {
        m_spare = qtext(text);
        return m_spare;
    }
    m_names.emplace_back(std::string(text), qtext(text));
    return m_names.back().second;
}

void ChangePayload::read(std::string_view payload, ChangeEventRow &row)
{
    m_buffer.assign(payload);
    m_buffer.reserve(payload.size() + simdjson::SIMDJSON_PADDING);
    ChangeEventRow members;
    simdjson::ondemand::document doc;
    if (m_parser->parser.iterate(m_buffer.data(), payload.size(), m_buffer.capacity()).get(doc))
        return;
    if (!readMembers(doc, members))
        return;
    row.fromFile = std::move(members.fromFile);
    row.change = std::move(members.change);
    row.decided = members.decided;
    row.created = members.created;
    row.removed = members.removed;
    row.fields = members.fields;
    row.reverts = members.reverts;
}

} // namespace recollector::core
