#include "engine/graph/KeywordIndex.h"

#include "engine/text/StatementFacts.h"

#include "engine/text/TextTokens.h"
#include "store/Store.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>
#include <numeric>

namespace recollector::core {

namespace {

void appendUtf8(std::string &out, char32_t c)
{
    if (c < 0x80) {
        out += char(c);
    } else if (c < 0x800) {
        out += char(0xc0 | (c >> 6));
        out += char(0x80 | (c & 0x3f));
    } else if (c < 0x10000) {
        out += char(0xe0 | (c >> 12));
        out += char(0x80 | ((c >> 6) & 0x3f));
        out += char(0x80 | (c & 0x3f));
    } else {
        out += char(0xf0 | (c >> 18));
        out += char(0x80 | ((c >> 12) & 0x3f));
        out += char(0x80 | ((c >> 6) & 0x3f));
        out += char(0x80 | (c & 0x3f));
    }
}

int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

// One JSON escape, `i` just past its backslash: appends what it stands for and steps past it.
bool readEscape(std::string_view json, std::size_t &i, std::string &value)
{
    if (i >= json.size())
        return false;
    auto read4 = [&](char32_t &code) {
        if (i + 4 > json.size())
            return false;
        code = 0;
        for (int k = 0; k < 4; ++k) {
            const int h = hexValue(json[i + k]);
            if (h < 0)
                return false;
            code = code * 16 + char32_t(h);
        }
        i += 4;
        return true;
    };
    switch (json[i++]) {
    case '"': value += '"'; return true;
    case '\\': value += '\\'; return true;
    case '/': value += '/'; return true;
    case 'b': value += '\b'; return true;
    case 'f': value += '\f'; return true;
    case 'n': value += '\n'; return true;
    case 'r': value += '\r'; return true;
    case 't': value += '\t'; return true;
    case 'u': {
        char32_t code = 0;
        if (!read4(code))
            return false;
        if (code >= 0xd800 && code < 0xdc00 && i + 1 < json.size() && json[i] == '\\' && json[i + 1] == 'u') {
            i += 2;
            char32_t low = 0;
            if (!read4(low))
                return false;
            code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
        }
        appendUtf8(value, code);
        return true;
    }
    default:
        return false;
    }
}

// The keywords column is a JSON array of strings written by the store. Parsing it by hand
// avoids a QJsonDocument per row on a million rows; anything unexpected falls back to Qt.
bool parseStringArray(std::string_view json, std::vector<std::string> &out)
{
    out.clear();
    std::size_t i = 0;
    auto skipSpace = [&] {
        while (i < json.size() && (json[i] == ' ' || json[i] == '\n' || json[i] == '\t' || json[i] == '\r'))
            ++i;
    };
    skipSpace();
    if (i >= json.size() || json[i] != '[')
        return false;
    ++i;
    skipSpace();
    if (i < json.size() && json[i] == ']')
        return true;
    while (i < json.size()) {
        skipSpace();
        if (i >= json.size() || json[i] != '"')
            return false;
        ++i;
        std::string value;
        while (i < json.size() && json[i] != '"') {
            if (json[i] != '\\') {
                value += json[i++];
                continue;
            }
            ++i;
            if (!readEscape(json, i, value))
                return false;
        }
        if (i >= json.size())
            return false;
        ++i; // closing quote
        out.push_back(std::move(value));
        skipSpace();
        if (i < json.size() && json[i] == ',') {
            ++i;
            continue;
        }
        return i < json.size() && json[i] == ']';
    }
    return false;
}

// Lower-cases and trims one keyword. ASCII is done in place; anything else goes through
// QString so that "TypeScript" and "typescript" (and "Ä" / "ä") are one keyword.
std::string normalizeKeyword(std::string_view raw)
{
    std::size_t b = 0, e = raw.size();
    while (b < e && (raw[b] == ' ' || raw[b] == '\t' || raw[b] == '\n' || raw[b] == '\r'))
        ++b;
    while (e > b && (raw[e - 1] == ' ' || raw[e - 1] == '\t' || raw[e - 1] == '\n' || raw[e - 1] == '\r'))
        --e;
    std::string out(raw.substr(b, e - b));
    bool ascii = true;
    for (char &c : out) {
        if (static_cast<unsigned char>(c) >= 0x80) {
            ascii = false;
            break;
        }
        if (c >= 'A' && c <= 'Z')
            c = char(c - 'A' + 'a');
    }
    if (!ascii)
        out = QString::fromUtf8(out.data(), qsizetype(out.size())).trimmed().toLower().toStdString();
    return out;
}

std::string utf8(const QString &text) { return text.toStdString(); }

} // namespace

KeywordIndex::Record KeywordIndex::Record::from(const Memory &m)
{
    return Record{m.id, m.keywords, m.source.taskId, m.projectPath, m.createdAt, m.isDeleted()};
}

Result<KeywordIndex> KeywordIndex::build(Store &store)
{
    KeywordIndex index;
    const auto totals = store.memories().idTotals();
    if (!totals)
        return totals.error();
    const auto rows = std::size_t(totals->rows);
    index.m_ids.reserve(rows, std::size_t(totals->idBytes));
    index.m_createdAt.reserve(rows);
    index.m_task.reserve(rows);
    index.m_project.reserve(rows);
    index.m_flags.reserve(rows);
    index.m_keywordStart.reserve(rows);
    index.m_keywordCount.reserve(rows);
    index.m_keywordData.reserve(rows * 4);

    std::vector<std::string> words;
    std::vector<std::uint32_t> keywordIds;
    const Status scanned = store.memories().scanKeywordRows([&](const KeywordRow &row) {
        index.addRow(row, words, keywordIds);
        return true;
    });
    if (!scanned)
        return scanned.error();
    index.finishRows();
    return index;
}

void KeywordIndex::addRow(const KeywordRow &row, std::vector<std::string> &words, std::vector<std::uint32_t> &keywordIds)
{
    const std::uint32_t e = addEntry(row.id);
    if (!parseStringArray(row.keywordsJson, words)) {
        words.clear();
        const QJsonArray array =
            QJsonDocument::fromJson(QByteArray(row.keywordsJson.data(), qsizetype(row.keywordsJson.size()))).array();
        for (const QJsonValue &v : array)
            words.push_back(v.toString().toStdString());
    }
    keywordIds.clear();
    for (const std::string &w : words) {
        const std::string k = normalizeKeyword(w);
        if (!k.empty())
            keywordIds.push_back(internKeyword(k));
    }
    setEntry(e, keywordIds, row.taskId, row.projectPath, row.createdAt, row.deletedAt != 0);
}

void KeywordIndex::setEntry(std::uint32_t e, std::vector<std::uint32_t> &keywordIds, std::string_view taskId,
                            std::string_view projectPath, Millis createdAt, bool deleted)
{
    setKeywords(e, keywordIds);
    m_task[e] = internGroup(m_taskIds, m_taskMembers, nullptr, taskId);
    m_project[e] = internGroup(m_projectIds, m_projectMembers, &m_projectNames, projectPath);
    m_createdAt[e] = createdAt;
    m_flags[e] = deleted ? kDeleted : 0;
}

void KeywordIndex::internKeywords(const QStringList &keywords, std::vector<std::uint32_t> &keywordIds)
{
    keywordIds.clear();
    for (const QString &k : keywords) {
        const std::string norm = normalizeKeyword(utf8(k));
        if (!norm.empty())
            keywordIds.push_back(internKeyword(norm));
    }
}

void KeywordIndex::finishRows()
{
    // Every list in (createdAt, entry) order: sort once, then fill the lists walking that
    // order, so each comes out sorted without a sort of its own.
    m_timeOrder.resize(size());
    std::iota(m_timeOrder.begin(), m_timeOrder.end(), 0u);
    std::sort(m_timeOrder.begin(), m_timeOrder.end(), [&](std::uint32_t x, std::uint32_t y) { return before(x, y); });
    for (std::uint32_t e : m_timeOrder) {
        for (std::uint32_t k : keywordsOf(e))
            m_postings[k].push_back(e);
        if (m_task[e] != kNoGroup)
            m_taskMembers[size_t(m_task[e])].push_back(e);
        if (m_project[e] != kNoGroup)
            m_projectMembers[size_t(m_project[e])].push_back(e);
    }
}

Result<KeywordIndex> KeywordIndex::buildAround(Store &store, const QStringList &centres, double hours)
{
    auto memories = store.memories().byIds(centres);
    if (!memories)
        return memories.error();
    NeighbourQuery query;
    auto addOnce = [](std::vector<std::string> &list, std::string value) {
        if (!value.empty() && std::find(list.begin(), list.end(), value) == list.end())
            list.push_back(std::move(value));
    };
    const auto span = Millis(hours * double(kMsPerHour));
    for (const Memory &m : *memories) {
        // Also the memories naming a rival of one of its values ("spaces" for "tabs") or another
        // state of its status ("lives" for "moved to"): the contradiction check compares them
        // (docs/scoring.md#counts-and-values).
        for (const QString &k : normalizeKeywords(m.keywords + text::StatementFacts::of(m.content).partners)) {
            // The column is JSON: a keyword it escapes cannot be searched as written.
            if (k.contains(QLatin1Char('"')) || k.contains(QLatin1Char('\\'))
                || std::any_of(k.begin(), k.end(), [](QChar c) { return c.unicode() < 0x20; }))
                return build(store);
            addOnce(query.keywords, k.toStdString());
            // LIKE folds ASCII case only: a non-ASCII keyword is also searched in the
            // cases a row may hold it in (the parsed keywords are what counts, below).
            const bool ascii = std::all_of(k.begin(), k.end(), [](QChar c) { return c.unicode() < 0x80; });
            if (!ascii) {
                addOnce(query.keywords, k.toUpper().toStdString());
                addOnce(query.keywords, (k.left(1).toUpper() + k.mid(1)).toStdString());
            }
        }
        addOnce(query.taskIds, m.source.taskId.toStdString());
        addOnce(query.projectPaths, m.projectPath.toStdString());
        query.timeRanges.emplace_back(m.createdAt - span, m.createdAt + span);
    }
    if (query.terms() > NeighbourQuery::kMaxTerms)
        return build(store);
    KeywordIndex index;
    std::vector<std::string> words;
    std::vector<std::uint32_t> keywordIds;
    const Status scanned = store.memories().scanNeighbourRows(query, [&](const KeywordRow &row) {
        index.addRow(row, words, keywordIds);
        return true;
    });
    if (!scanned)
        return scanned.error();
    index.finishRows();
    return index;
}

KeywordIndex KeywordIndex::fromMemories(const std::vector<Memory> &memories)
{
    std::vector<Record> records;
    records.reserve(memories.size());
    for (const Memory &m : memories)
        records.push_back(Record::from(m));
    return fromRecords(records);
}

KeywordIndex KeywordIndex::fromRecords(const std::vector<Record> &records)
{
    KeywordIndex index;
    std::vector<std::uint32_t> keywordIds;
    for (const Record &r : records) {
        // A repeated id finds its entry and replaces what it held, as upsert() does: the
        // lists are only built after the last record.
        const std::uint32_t e = index.addEntry(utf8(r.id));
        index.internKeywords(r.keywords, keywordIds);
        index.setEntry(e, keywordIds, utf8(r.taskId), utf8(r.projectPath), r.createdAt, r.deleted);
    }
    index.finishRows();
    return index;
}

std::uint32_t KeywordIndex::addEntry(std::string_view id)
{
    const std::uint32_t e = m_ids.insert(id);
    if (e == m_createdAt.size()) {
        m_createdAt.push_back(0);
        m_task.push_back(kNoGroup);
        m_project.push_back(kNoGroup);
        m_flags.push_back(0);
        m_keywordStart.push_back(m_keywordData.size());
        m_keywordCount.push_back(0);
    }
    return e;
}

std::uint32_t KeywordIndex::internKeyword(std::string_view keyword)
{
    if (auto it = m_keywordIds.find(keyword); it != m_keywordIds.end())
        return it->second;
    const auto id = std::uint32_t(m_keywordNames.size());
    m_keywordIds.emplace(std::string(keyword), id);
    m_keywordNames.emplace_back(keyword);
    m_postings.emplace_back();
    const QString name = QString::fromUtf8(keyword.data(), qsizetype(keyword.size()));
    const QStringList tokens = text::wordTokens(name);
    if (tokens.size() != 1 || tokens.first() != name)
        m_phraseKeywords.push_back(id);
    return id;
}

std::int32_t KeywordIndex::internGroup(Interner &names, std::vector<std::vector<std::uint32_t>> &members,
                                       std::vector<std::string> *keep, std::string_view name)
{
    if (name.empty())
        return kNoGroup;
    if (auto it = names.find(name); it != names.end())
        return std::int32_t(it->second);
    const auto id = std::uint32_t(members.size());
    names.emplace(std::string(name), id);
    members.emplace_back();
    if (keep)
        keep->emplace_back(name);
    return std::int32_t(id);
}

void KeywordIndex::setKeywords(std::uint32_t e, std::vector<std::uint32_t> &keywords)
{
    std::sort(keywords.begin(), keywords.end());
    keywords.erase(std::unique(keywords.begin(), keywords.end()), keywords.end());
    if (keywords.size() <= m_keywordCount[e]) {
        // Fits where the old set was: no growth of the shared buffer on a shrinking edit.
        std::copy(keywords.begin(), keywords.end(), m_keywordData.begin() + std::ptrdiff_t(m_keywordStart[e]));
    } else {
        m_keywordStart[e] = m_keywordData.size();
        m_keywordData.insert(m_keywordData.end(), keywords.begin(), keywords.end());
    }
    m_keywordCount[e] = std::uint16_t(std::min<std::size_t>(keywords.size(), 0xffff));
}

std::size_t KeywordIndex::positionIn(const std::vector<std::uint32_t> &list, std::uint32_t e) const
{
    return std::size_t(std::lower_bound(list.begin(), list.end(), e,
                                        [&](std::uint32_t x, std::uint32_t y) { return before(x, y); })
                       - list.begin());
}

std::size_t KeywordIndex::positionAt(const std::vector<std::uint32_t> &list, Millis at) const
{
    return std::size_t(std::lower_bound(list.begin(), list.end(), at,
                                        [&](std::uint32_t x, Millis t) { return m_createdAt[x] < t; })
                       - list.begin());
}

void KeywordIndex::insertSorted(std::vector<std::uint32_t> &list, std::uint32_t e)
{
    list.insert(list.begin() + std::ptrdiff_t(positionIn(list, e)), e);
}

void KeywordIndex::eraseSorted(std::vector<std::uint32_t> &list, std::uint32_t e)
{
    const std::size_t at = positionIn(list, e);
    if (at < list.size() && list[at] == e)
        list.erase(list.begin() + std::ptrdiff_t(at));
}

void KeywordIndex::link(std::uint32_t e)
{
    for (std::uint32_t k : keywordsOf(e))
        insertSorted(m_postings[k], e);
    if (m_task[e] != kNoGroup)
        insertSorted(m_taskMembers[size_t(m_task[e])], e);
    if (m_project[e] != kNoGroup)
        insertSorted(m_projectMembers[size_t(m_project[e])], e);
    insertSorted(m_timeOrder, e);
}

void KeywordIndex::unlink(std::uint32_t e)
{
    for (std::uint32_t k : keywordsOf(e))
        eraseSorted(m_postings[k], e);
    if (m_task[e] != kNoGroup)
        eraseSorted(m_taskMembers[size_t(m_task[e])], e);
    if (m_project[e] != kNoGroup)
        eraseSorted(m_projectMembers[size_t(m_project[e])], e);
    eraseSorted(m_timeOrder, e);
}

void KeywordIndex::upsert(const Record &record)
{
    const std::string id = utf8(record.id);
    std::uint32_t e = m_ids.find(id);
    if (e == kNone)
        e = addEntry(id);
    else if (!isRemoved(e))
        unlink(e); // before any key changes: the lists are found by the old (createdAt, e)
    std::vector<std::uint32_t> keywordIds;
    internKeywords(record.keywords, keywordIds);
    setEntry(e, keywordIds, utf8(record.taskId), utf8(record.projectPath), record.createdAt, record.deleted);
    link(e);
}

void KeywordIndex::remove(const QString &id)
{
    const std::uint32_t e = find(id);
    if (e == kNone)
        return;
    unlink(e);
    m_flags[e] = kRemoved;
}

std::uint32_t KeywordIndex::find(const QString &id) const
{
    const std::uint32_t e = m_ids.find(id);
    return (e != kNone && !isRemoved(e)) ? e : kNone;
}

std::uint32_t KeywordIndex::find(std::string_view id) const
{
    const std::uint32_t e = m_ids.find(id);
    return (e != kNone && !isRemoved(e)) ? e : kNone;
}

std::uint32_t KeywordIndex::keywordId(const QString &keyword) const
{
    const std::string norm = normalizeKeyword(utf8(keyword));
    const auto it = m_keywordIds.find(std::string_view(norm));
    return it == m_keywordIds.end() ? kNone : it->second;
}

QString KeywordIndex::projectName(std::int32_t project) const
{
    return project == kNoGroup ? QString() : QString::fromStdString(m_projectNames[size_t(project)]);
}

std::vector<std::uint32_t> KeywordIndex::matchQuery(const QString &query) const
{
    std::vector<std::uint32_t> out;
    for (const QString &token : text::wordTokens(query)) {
        const std::string t = utf8(token);
        if (auto it = m_keywordIds.find(std::string_view(t)); it != m_keywordIds.end())
            out.push_back(it->second);
    }
    if (!m_phraseKeywords.empty()) {
        const QString norm = text::normalized(query);
        const QString padded = QLatin1Char(' ') + text::wordTokens(query).join(QLatin1Char(' ')) + QLatin1Char(' ');
        for (std::uint32_t k : m_phraseKeywords) {
            const QString name = keywordName(k);
            const bool found = text::containsCjk(name)
                ? norm.contains(name)
                // A multi-word keyword matches whole words only ("unit test" in "a unit test").
                : padded.contains(QLatin1Char(' ') + text::wordTokens(name).join(QLatin1Char(' ')) + QLatin1Char(' '));
            if (found)
                out.push_back(k);
        }
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

std::size_t KeywordIndex::intersectionSize(std::span<const std::uint32_t> x, std::span<const std::uint32_t> y)
{
    std::size_t i = 0, j = 0, n = 0;
    while (i < x.size() && j < y.size()) {
        if (x[i] < y[j]) {
            ++i;
        } else if (y[j] < x[i]) {
            ++j;
        } else {
            ++n;
            ++i;
            ++j;
        }
    }
    return n;
}

double KeywordIndex::jaccard(std::uint32_t x, std::uint32_t y) const
{
    const auto kx = keywordsOf(x);
    const auto ky = keywordsOf(y);
    const std::size_t inter = intersectionSize(kx, ky);
    const std::size_t uni = kx.size() + ky.size() - inter;
    return uni == 0 ? 0.0 : double(inter) / double(uni);
}

double KeywordIndex::jaccard(const QStringList &x, const QStringList &y)
{
    const QStringList nx = normalizeKeywords(x);
    const QStringList ny = normalizeKeywords(y);
    qsizetype inter = 0;
    for (const QString &k : ny) {
        if (nx.contains(k))
            ++inter;
    }
    const qsizetype uni = nx.size() + ny.size() - inter;
    return uni == 0 ? 0.0 : double(inter) / double(uni);
}

} // namespace recollector::core
