#pragma once

#include <QString>

#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace recollector::core {

struct ChangeEventRow;

/// Reads the few members of an event's payload the change list summarises by (fromFile,
/// change or action, whether it names a decision, created, removed, the edited fields its
/// after names, reverts) into a ChangeEventRow, with simdjson's On-Demand parser: one pass
/// over each payload, where SQLite's JSON functions parsed it once per member asked. A
/// payload that is not valid JSON gives none of them, as `json_valid` did. One reader per
/// scan: it keeps its parser and buffer.
class ChangePayload final
{
public:
    ChangePayload();
    ~ChangePayload();
    ChangePayload(const ChangePayload &) = delete;
    ChangePayload &operator=(const ChangePayload &) = delete;

    void read(std::string_view payload, ChangeEventRow &row);

    /// One shared QString per distinct short text (kinds, actors): the same few
    /// repeat on every row, and a lookup here allocates nothing.
    const QString &intern(std::string_view text);

private:
    std::vector<std::pair<std::string, QString>> m_names;
    QString m_spare;
    struct Parser;
    std::unique_ptr<Parser> m_parser;
    std::string m_buffer; ///< the payload with simdjson's padding after it
};

} // namespace recollector::core
