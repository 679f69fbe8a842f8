#include "snapshot/MemorySnapshot.h"

#include "model/Utf8Text.h"
#include "store/Store.h"

#include <QSet>
#include <QVariant>

#include <algorithm>
#include <functional>

namespace recollector::core {

namespace {

std::size_t hashId(std::string_view id) { return std::hash<std::string_view>{}(id); }

// Ids are nearly always ASCII (a ULID, an agent's hex name), and an ASCII id is its own UTF-8:
// copied into `out` (id.size() bytes), it is looked up without converting. False, with `out`
// partly written, for an id with any other character.
bool copyAscii(QStringView id, char *out)
{
    for (const QChar c : id) {
        if (c.unicode() >= 0x80)
            return false;
        *out++ = char(c.unicode());
    }
    return true;
}

// Cuts UTF-8 text to at most `limit` bytes without splitting a character.
std::string_view cutUtf8(std::string_view text, std::size_t limit)
{
    if (text.size() <= limit)
        return text;
    std::size_t end = limit;
    while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80)
        --end;
    return text.substr(0, end);
}

} // namespace

std::string MemorySnapshot::lowerUtf8(std::string_view text)
{
    std::string out(text);
    bool ascii = true;
    for (char &c : out) {
        const auto u = static_cast<unsigned char>(c);
        if (u >= 0x80) {
            ascii = false;
            break;
        }
        if (u >= 'A' && u <= 'Z')
            c = char(u + 32);
    }
    if (ascii)
        return out;
    // Non-ASCII (accents, CJK, …): Unicode lower-casing through QString, rare enough to afford.
    const QByteArray lowered = QString::fromUtf8(text.data(), qsizetype(text.size())).toLower().toUtf8();
    return std::string(lowered.constData(), std::size_t(lowered.size()));
}

void MemorySnapshot::buildSearchText(std::string_view content, std::string_view keywords, std::string &out)
{
    out.clear();
    out.reserve(content.size() + keywords.size() + 1);
    out.append(content);
    out.push_back('\n'); // a query term never holds a newline, so no match spans the two parts
    out.append(keywords);
    // Lower-case in place: ASCII, the common case, needs no allocation.
    for (char &c : out) {
        const auto u = static_cast<unsigned char>(c);
        if (u >= 0x80) {
            out = lowerUtf8(out);
            return;
        }
        if (u >= 'A' && u <= 'Z')
            c = char(u + 32);
    }
}

void MemorySnapshot::recordFrom(const Memory &m, const Config &config, SnapshotRecord &out)
{
    out.rowid = 0;
    out.id = m.id.toStdString();
    out.content = m.content.toStdString();
    out.category = m.category.toStdString();
    out.keywords = m.keywords.join(QStringLiteral(", ")).toStdString();
    out.sourceType = m.source.type.toStdString();
    out.project = m.projectPath.toStdString();
    out.name = m.isLocked() ? std::string() : m.extra.value(QLatin1String("name")).toString().toStdString();
    out.description = m.isLocked() ? std::string() : m.extra.value(QLatin1String("description")).toString().toStdString();
    out.input = ScoreInput::from(m, config);
    out.updatedAt = m.updatedAt;
    out.deletedAt = m.deletedAt;
    out.flags = std::uint16_t((m.verified ? Verified : 0) | (m.negated ? Negated : 0)
                              | (m.permanent ? Permanent : 0) | (m.isDeleted() ? Deleted : 0)
                              | (m.superseded ? Superseded : 0) | (m.compressed ? Compressed : 0)
                              | (m.isLocked() ? Locked : 0));
    out.level = m.level;
    out.sensitivity = std::uint8_t(std::clamp(m.sensitivity, 0, 3));
}

std::uint32_t MemorySnapshot::rowOf(const QString &id) const
{
    // An ASCII id is looked up from a copy on the stack, without allocating: callers look up
    // every row of long lists.
    constexpr qsizetype kOnStack = 96;
    if (char bytes[kOnStack]; id.size() <= kOnStack && copyAscii(id, bytes))
        return rowOf(std::string_view(bytes, std::size_t(id.size())));
    const QByteArray utf8 = id.toUtf8();
    return rowOf(std::string_view(utf8.constData(), std::size_t(utf8.size())));
}

std::uint32_t MemorySnapshot::rowOf(std::string_view id) const
{
    if (m_slots.empty())
        return kNoRow;
    return probe(id, hashId(id) & (m_slots.size() - 1));
}

std::uint32_t MemorySnapshot::probe(std::string_view id, std::size_t first) const
{
    const std::size_t mask = m_slots.size() - 1;
    for (std::size_t i = first;; i = (i + 1) & mask) {
        const std::uint32_t slot = m_slots[i];
        if (slot == 0)
            return kNoRow;
        if (m_ids.view(slot - 1) == id)
            return slot - 1;
    }
}

void MemorySnapshot::rowsOf(std::span<const std::string_view> ids, std::span<std::uint32_t> rows) const
{
    if (m_slots.empty()) {
        std::fill(rows.begin(), rows.end(), kNoRow);
        return;
    }
    // Per group: every id's slot is asked for, then every slot's row place, then every row's
    // bytes, and only then is each id compared (a probe past the first slot waits as rowOf does).
    constexpr std::size_t kGroup = 16;
    const std::size_t mask = m_slots.size() - 1;
    std::size_t first[kGroup];
    for (std::size_t start = 0; start < ids.size(); start += kGroup) {
        const std::size_t n = std::min(kGroup, ids.size() - start);
        for (std::size_t i = 0; i < n; ++i) {
            first[i] = hashId(ids[start + i]) & mask;
            __builtin_prefetch(m_slots.data() + first[i]);
        }
        for (std::size_t i = 0; i < n; ++i) {
            if (const std::uint32_t slot = m_slots[first[i]])
                m_ids.prefetchPlace(slot - 1);
        }
        for (std::size_t i = 0; i < n; ++i) {
            if (const std::uint32_t slot = m_slots[first[i]])
                m_ids.prefetchBytes(slot - 1);
        }
        for (std::size_t i = 0; i < n; ++i)
            rows[start + i] = probe(ids[start + i], first[i]);
    }
}

std::vector<std::uint32_t> MemorySnapshot::rowsOf(std::span<const QString *const> ids) const
{
    std::vector<std::uint32_t> rows(ids.size(), kNoRow);
    if (m_slots.empty())
        return rows;
    // The ASCII ids, nearly all, copied into one buffer; any other is looked up alone.
    std::string bytes;
    std::vector<std::size_t> ends;
    std::vector<std::uint32_t> ascii;
    ends.reserve(ids.size());
    ascii.reserve(ids.size());
    for (std::uint32_t i = 0; i < ids.size(); ++i) {
        const QString &id = *ids[i];
        const std::size_t from = bytes.size();
        bytes.resize(from + std::size_t(id.size()));
        if (!copyAscii(id, bytes.data() + from)) {
            bytes.resize(from);
            rows[i] = rowOf(id);
            continue;
        }
        ends.push_back(bytes.size());
        ascii.push_back(i);
    }
    std::vector<std::string_view> views;
    views.reserve(ascii.size());
    for (std::size_t k = 0, from = 0; k < ascii.size(); from = ends[k++])
        views.emplace_back(bytes.data() + from, ends[k] - from);
    std::vector<std::uint32_t> found(ascii.size());
    rowsOf(views, found);
    for (std::size_t k = 0; k < ascii.size(); ++k)
        rows[ascii[k]] = found[k];
    return rows;
}

void MemorySnapshot::rebuildIndex(std::size_t capacity)
{
    std::size_t slotCount = 1024;
    while (slotCount < capacity * 2)
        slotCount <<= 1;
    m_slots.assign(slotCount, 0);
    for (std::uint32_t row = 0; row < m_inputs.size(); ++row)
        indexInsert(row);
}

void MemorySnapshot::indexInsert(std::uint32_t row)
{
    const std::size_t mask = m_slots.size() - 1;
    std::size_t i = hashId(m_ids.view(row)) & mask;
    while (m_slots[i] != 0)
        i = (i + 1) & mask;
    m_slots[i] = row + 1;
}

void MemorySnapshot::reserve(std::size_t rows, std::size_t contentBytes)
{
    m_ids.reserve(rows, rows * 30);
    m_shown.reserve(rows, rows * 4);
    reserveLarge(m_shownAsCapitals, rows);
    reserveLarge(m_previewBytes, rows);
    reserveLarge(m_keywordsAt, rows);
    m_search.reserve(rows, contentBytes + rows * 24);
    reserveLarge(m_inputs, rows);
    reserveLarge(m_updatedAt, rows);
    reserveLarge(m_deletedAt, rows);
    reserveLarge(m_rowids, rows);
    reserveLarge(m_flags, rows);
    reserveLarge(m_category, rows);
    reserveLarge(m_project, rows);
    reserveLarge(m_source, rows);
    reserveLarge(m_level, rows);
    reserveLarge(m_sensitivity, rows);
    if (m_slots.size() < rows * 2)
        rebuildIndex(rows);
}

std::uint16_t MemorySnapshot::internCategory(const std::string &name)
{
    // Consecutive rows often share the value: skip the hash lookup then.
    if (m_lastCategoryValid && name == m_lastCategoryName)
        return m_lastCategory;
    m_lastCategoryValid = true;
    m_lastCategoryName = name;
    m_lastCategory = internCategorySlow(name);
    return m_lastCategory;
}

std::uint16_t MemorySnapshot::internCategorySlow(const std::string &name)
{
    const QByteArray key = QByteArray::fromRawData(name.data(), qsizetype(name.size()));
    if (auto it = m_categoryIndex.constFind(key); it != m_categoryIndex.cend())
        return *it;
    const auto index = std::uint16_t(m_categoryNames.size());
    m_categoryNames.append(utf8Text(name));
    m_categoryIndex.insert(QByteArray(name.data(), qsizetype(name.size())), index);
    return index;
}

std::uint32_t MemorySnapshot::internProject(const std::string &name)
{
    // Consecutive rows often share the value: skip the hash lookup then.
    if (m_lastProjectValid && name == m_lastProjectName)
        return m_lastProject;
    m_lastProjectValid = true;
    m_lastProjectName = name;
    m_lastProject = internProjectSlow(name);
    return m_lastProject;
}

std::uint32_t MemorySnapshot::internProjectSlow(const std::string &name)
{
    const QByteArray key = QByteArray::fromRawData(name.data(), qsizetype(name.size()));
    if (auto it = m_projectIndex.constFind(key); it != m_projectIndex.cend())
        return *it;
    const auto index = std::uint32_t(m_projectNames.size());
    m_projectNames.append(utf8Text(name));
    m_projectIndex.insert(QByteArray(name.data(), qsizetype(name.size())), index);
    return index;
}

std::uint8_t MemorySnapshot::internSource(const std::string &name)
{
    // Consecutive rows often share the value: skip the hash lookup then.
    if (m_lastSourceValid && name == m_lastSourceName)
        return m_lastSource;
    m_lastSourceValid = true;
    m_lastSourceName = name;
    m_lastSource = internSourceSlow(name);
    return m_lastSource;
}

std::uint8_t MemorySnapshot::internSourceSlow(const std::string &name)
{
    const QByteArray key = QByteArray::fromRawData(name.data(), qsizetype(name.size()));
    if (auto it = m_sourceIndex.constFind(key); it != m_sourceIndex.cend())
        return *it;
    // Source types are a closed set of seven (docs/formats.md, "A memory's fields"); anything
    // past 255 shares the last slot.
    if (m_sourceNames.size() >= 255)
        return 254;
    const auto index = std::uint8_t(m_sourceNames.size());
    m_sourceNames.append(utf8Text(name));
    m_sourceIndex.insert(QByteArray(name.data(), qsizetype(name.size())), index);
    return index;
}

QString MemorySnapshot::contentPreview(std::size_t row) const
{
    return shownPart(row, 0, m_previewBytes[row]);
}

QString MemorySnapshot::keywords(std::size_t row) const
{
    return shownPart(row, m_keywordsAt[row], std::string_view::npos);
}

QString MemorySnapshot::shownPart(std::size_t row, std::size_t from, std::size_t length) const
{
    if (!m_shownAsCapitals[row]) {
        const std::string_view part = m_shown.view(row).substr(from, length);
        return QString::fromUtf8(part.data(), qsizetype(part.size()));
    }
    const std::string_view lowered = m_search.view(row).substr(from, length);
    QString out = QString::fromLatin1(lowered.data(), qsizetype(lowered.size())); // ASCII
    const std::string_view capitals = m_shown.view(row);
    for (std::size_t i = 0; i + 1 < capitals.size(); i += 2) {
        const std::size_t pos = std::size_t(static_cast<unsigned char>(capitals[i]))
            | (std::size_t(static_cast<unsigned char>(capitals[i + 1])) << 8);
        if (pos >= from && pos - from < std::size_t(out.size()))
            out[qsizetype(pos - from)] = out[qsizetype(pos - from)].toUpper();
    }
    return out;
}

void MemorySnapshot::setStrings(std::size_t row, const SnapshotRecord &r, bool appending)
{
    thread_local std::string search;
    thread_local std::string shown;
    buildSearchText(r.content, r.keywords, search);
    const std::string_view preview = cutUtf8(r.content, kPreviewBytes);
    const auto isAscii = [](std::string_view text) {
        return std::all_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
    };
    // All ASCII: the search text is the same bytes, lower-cased; keep where the capitals were.
    const bool asCapitals = search.size() <= 0xffff && isAscii(r.content) && isAscii(r.keywords);
    std::uint32_t keywordsAt = 0;
    shown.clear();
    if (asCapitals) {
        keywordsAt = std::uint32_t(r.content.size() + 1);
        const auto addCapitals = [](std::string_view text, std::size_t at) {
            for (std::size_t i = 0; i < text.size(); ++i) {
                if (text[i] >= 'A' && text[i] <= 'Z') {
                    const auto pos = std::uint16_t(at + i);
                    shown.push_back(char(pos & 0xff));
                    shown.push_back(char(pos >> 8));
                }
            }
        };
        addCapitals(preview, 0);
        addCapitals(r.keywords, keywordsAt);
    } else {
        keywordsAt = std::uint32_t(preview.size() + 1);
        shown.assign(preview);
        shown.push_back('\n');
        shown.append(r.keywords);
    }
    if (appending) {
        m_ids.append(r.id);
        m_shown.append(shown);
        m_shownAsCapitals.push_back(asCapitals ? 1 : 0);
        m_previewBytes.push_back(std::uint16_t(preview.size()));
        m_keywordsAt.push_back(keywordsAt);
        m_search.append(search);
    } else {
        m_shown.set(row, shown);
        m_shownAsCapitals[row] = asCapitals ? 1 : 0;
        m_previewBytes[row] = std::uint16_t(preview.size());
        m_keywordsAt[row] = keywordsAt;
        m_search.set(row, search);
    }
    if (!r.name.empty() || !r.description.empty())
        m_titles[std::uint32_t(row)] = { r.name, r.description };
    else if (!appending)
        m_titles.erase(std::uint32_t(row));
}

QString MemorySnapshot::name(std::size_t row) const
{
    const auto it = m_titles.find(std::uint32_t(row));
    return it == m_titles.end() ? QString() : utf8Text(it->second.first);
}

QString MemorySnapshot::description(std::size_t row) const
{
    const auto it = m_titles.find(std::uint32_t(row));
    return it == m_titles.end() ? QString() : utf8Text(it->second.second);
}

std::string_view MemorySnapshot::nameBytes(std::size_t row) const
{
    const auto it = m_titles.find(std::uint32_t(row));
    return it == m_titles.end() ? std::string_view() : std::string_view(it->second.first);
}

std::uint32_t MemorySnapshot::append(const SnapshotRecord &r)
{
    const auto row = std::uint32_t(m_inputs.size());
    setStrings(row, r, true);
    m_inputs.push_back(r.input);
    m_updatedAt.push_back(r.updatedAt);
    m_deletedAt.push_back(r.deletedAt);
    m_rowids.push_back(r.rowid);
    m_flags.push_back(r.flags);
    m_category.push_back(internCategory(r.category));
    m_project.push_back(internProject(r.project));
    m_source.push_back(internSource(r.sourceType));
    m_level.push_back(std::uint8_t(r.level));
    m_sensitivity.push_back(r.sensitivity);
    m_maxRowid = std::max(m_maxRowid, r.rowid);
    if ((row + 1) * 2 > m_slots.size())
        rebuildIndex((row + 1) * 2);
    else
        indexInsert(row);
    return row;
}

void MemorySnapshot::replace(std::size_t row, const SnapshotRecord &r)
{
    setStrings(row, r, false);
    if (m_flags[row] & Removed)
        --m_removedCount;
    m_inputs[row] = r.input;
    m_updatedAt[row] = r.updatedAt;
    m_deletedAt[row] = r.deletedAt;
    if (r.rowid != 0) {
        m_rowids[row] = r.rowid;
        m_maxRowid = std::max(m_maxRowid, r.rowid);
    }
    m_flags[row] = r.flags;
    m_category[row] = internCategory(r.category);
    m_project[row] = internProject(r.project);
    m_source[row] = internSource(r.sourceType);
    m_level[row] = std::uint8_t(r.level);
    m_sensitivity[row] = r.sensitivity;
}

void MemorySnapshot::markRemoved(std::size_t row)
{
    if (!(m_flags[row] & Removed)) {
        m_flags[row] |= Removed;
        ++m_removedCount;
    }
}

std::size_t MemorySnapshot::memoryUse() const
{
    return m_ids.memoryUse() + m_shown.memoryUse() + m_shownAsCapitals.capacity() + m_previewBytes.capacity() * 2
        + m_keywordsAt.capacity() * 4 + m_search.memoryUse()
        + m_inputs.capacity() * sizeof(ScoreInput) + m_updatedAt.capacity() * sizeof(Millis)
        + m_deletedAt.capacity() * sizeof(Millis) + m_rowids.capacity() * sizeof(std::int64_t)
        + m_flags.capacity() * 2 + m_category.capacity() * 2 + m_project.capacity() * 4 + m_source.capacity()
        + m_level.capacity() + m_sensitivity.capacity() + m_slots.capacity() * 4
        + m_titles.size() * (sizeof(std::pair<std::string, std::string>) + 32);
}

Result<std::vector<std::uint32_t>> MemorySnapshot::refresh(Store &store, const Config &config, const QStringList &ids)
{
    std::vector<std::uint32_t> touched;
    if (ids.isEmpty())
        return touched;
    auto found = store.memories().byIds(ids);
    if (!found)
        return found.error();
    QSet<QString> present;
    SnapshotRecord r;
    // The rowid orders rows like the loader does and tells a later full read what is new.
    const auto rowids = store.memories().rowidsOf(ids);
    if (!rowids)
        return rowids.error();
    for (const Memory &m : *found) {
        present.insert(m.id);
        recordFrom(m, config, r);
        if (const auto it = rowids->constFind(m.id); it != rowids->constEnd())
            r.rowid = *it;
        const std::uint32_t row = rowOf(m.id);
        if (row == kNoRow) {
            touched.push_back(append(r));
        } else {
            replace(row, r);
            touched.push_back(row);
        }
    }
    for (const QString &id : ids) {
        if (present.contains(id))
            continue;
        const std::uint32_t row = rowOf(id);
        if (row != kNoRow && !(m_flags[row] & Removed)) {
            markRemoved(row);
            touched.push_back(row);
        }
    }
    return touched;
}

} // namespace recollector::core
