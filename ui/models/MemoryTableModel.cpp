#include "models/MemoryTableModel.h"

#include "text/CategoryText.h"

#include "StoreSession.h"
#include "text/MaskedText.h"
#include "text/TierText.h"

#include <QColor>
#include <QDateTime>
#include <QFont>
#include <QLocale>
#include <QPainter>
#include <QPalette>

#include <vector>

namespace recollector::ui {

using namespace recollector::core;

namespace {

QString formatInstant(Millis ms)
{
    if (ms == 0)
        return {};
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::LocalTime).toString(QStringLiteral("yyyy-MM-dd HH:mm"));
}

QPixmap makePermanentMark()
{
    // A small blue pin for permanent rows (blue is the permanent tier's colour,
    // docs/scoring.md, "Score, strength, tier").
    QPixmap pixmap(12, 12);
    pixmap.fill(Qt::transparent);
    QPainter p(&pixmap);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(Qt::NoPen);
    p.setBrush(QColor(0x1f, 0x6f, 0xd1));
    p.drawEllipse(QRectF(1.5, 1.5, 9, 9));
    p.setBrush(Qt::white);
    p.drawEllipse(QRectF(4.5, 4.5, 3, 3));
    return pixmap;
}

} // namespace

MemoryTableModel::MemoryTableModel(StoreSession *session, QObject *parent)
    : QAbstractTableModel(parent), m_session(session), m_view(&session->snapshot()),
      m_permanentMark(makePermanentMark())
{
    connect(session, &StoreSession::aboutToReload, this, &MemoryTableModel::onAboutToReload);
    connect(session, &StoreSession::reloaded, this, &MemoryTableModel::onReloaded);
    connect(session, &StoreSession::rowsRefreshed, this, &MemoryTableModel::onRowsRefreshed);
    connect(session, &StoreSession::profileChanged, this, &MemoryTableModel::reevaluateAll);
    connect(session, &StoreSession::nowChanged, this, &MemoryTableModel::reevaluateAll);
    connect(session, &StoreSession::privacyModeChanged, this, [this]() {
        if (rowCount() > 0)
            Q_EMIT dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
    });
    // A model created on an already-open session starts populated.
    if (session->isOpen()) {
        m_view.evaluate(session->profile(), session->now());
        m_view.rebuild();
    }
}

MemoryTableModel::~MemoryTableModel() = default;

int MemoryTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_view.visibleCount());
}

int MemoryTableModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

Qt::ItemFlags MemoryTableModel::flags(const QModelIndex &index) const
{
    return index.isValid() ? Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemNeverHasChildren : Qt::NoItemFlags;
}

QHash<int, QByteArray> MemoryTableModel::roleNames() const
{
    QHash<int, QByteArray> names = QAbstractTableModel::roleNames();
    names.insert(IdRole, "memoryId");
    names.insert(TierRole, "tier");
    names.insert(StrengthRole, "strength");
    names.insert(ScoreRole, "score");
    return names;
}

QString MemoryTableModel::idAt(int row) const
{
    if (row < 0 || std::size_t(row) >= m_view.visibleCount())
        return {};
    return m_session->snapshot().id(m_view.rowAt(std::size_t(row)));
}

int MemoryTableModel::rowOfId(const QString &id) const
{
    const std::uint32_t row = m_session->snapshot().rowOf(id);
    if (row == MemorySnapshot::kNoRow)
        return -1;
    return int(m_view.positionOf(row));
}

qint64 MemoryTableModel::totalCount() const { return qint64(m_session->snapshot().liveCount()); }

QString MemoryTableModel::flagText(std::uint32_t row) const
{
    const MemorySnapshot &s = m_session->snapshot();
    QString out;
    auto add = [&out](const char *glyph) {
        if (!out.isEmpty())
            out += QLatin1Char(' ');
        out += QString::fromUtf8(glyph);
    };
    if (s.has(row, MemorySnapshot::Permanent))
        add("★");
    if (s.has(row, MemorySnapshot::Negated))
        add("✗");
    if (s.has(row, MemorySnapshot::Deleted))
        add("⌫");
    if (s.has(row, MemorySnapshot::Superseded))
        add("⤳");
    if (s.has(row, MemorySnapshot::Compressed))
        add("▣");
    if (s.level(row) == MemoryLevel::Archive)
        add("▤");
    return out;
}

bool MemoryTableModel::hasTitles() const
{
    return m_session->snapshot().hasTitles();
}

QString MemoryTableModel::shownContent(std::uint32_t row) const
{
    // Level 3 with the store locked, or level ≥ 2 in privacy mode (docs/formats.md,
    // "Encryption at rest"): the text is not shown.
    const MemorySnapshot &s = m_session->snapshot();
    return MaskedText::mask(s.has(row, MemorySnapshot::Locked), s.sensitivity(row), m_session->privacyMode())
        .value_or(s.contentPreview(row));
}

QVariant MemoryTableModel::displayValue(std::uint32_t row, int column) const
{
    const MemorySnapshot &s = m_session->snapshot();
    const ScoreInput &in = s.input(row);
    switch (Column(column)) {
    case ContentColumn: {
        QString text = shownContent(row);
        text.replace(QLatin1Char('\n'), QLatin1Char(' ')); // one line per row
        return text;
    }
    case CategoryColumn: return CategoryText::words(s.category(row));
    case StrengthColumn: return QString::number(m_view.strength(row), 'f', 0);
    case TierColumn: return TierText::label(m_view.tier(row));
    case ScoreColumn: {
        const double score = m_view.score(row);
        return m_session->profile().maxScore() >= 10 ? QString::number(score, 'f', 1) : QString::number(score, 'f', 3);
    }
    case ConfidenceColumn: return QString::number(in.confidence, 'f', 2);
    case CreatedColumn: return formatInstant(in.createdAt);
    case LastReinforcedColumn: return formatInstant(in.lastReinforcedAt);
    case AccessesColumn: return in.accessCount;
    case ProjectColumn: return s.project(row);
    case SourceColumn: return s.sourceType(row);
    case VerifiedColumn: return s.has(row, MemorySnapshot::Verified) ? QStringLiteral("✓") : QString();
    case FlagsColumn: return flagText(row);
    case KeywordsColumn:
        return m_session->privacyMode() && s.sensitivity(row) >= 2 ? QString() : s.keywords(row);
    case UpdatedColumn: return formatInstant(s.updatedAt(row));
    case LastAccessedColumn: return formatInstant(in.lastAccessedAt);
    case ReinforcementsColumn: return in.reinforceCount;
    case ImportanceColumn: return QString::number(in.importance, 'f', 2);
    case StabilityColumn: return QString::number(in.stability, 'f', 1);
    case SensitivityColumn: return s.sensitivity(row);
    case IdColumn: return s.id(row);
    case LevelColumn: return levelText(s.level(row), s.has(row, MemorySnapshot::Compressed));
    case NameColumn:
        return m_session->privacyMode() && s.sensitivity(row) >= 2 ? QString() : s.name(row);
    case DescriptionColumn:
        return m_session->privacyMode() && s.sensitivity(row) >= 2 ? QString() : s.description(row);
    case ColumnCount: break;
    }
    return {};
}

QVariant MemoryTableModel::sortValue(std::uint32_t row, int column) const
{
    const MemorySnapshot &s = m_session->snapshot();
    const ScoreInput &in = s.input(row);
    switch (Column(column)) {
    case StrengthColumn: return m_view.strength(row);
    case TierColumn: return int(m_view.tier(row));
    case ScoreColumn: return m_view.score(row);
    case ConfidenceColumn: return double(in.confidence);
    case CreatedColumn: return in.createdAt;
    case LastReinforcedColumn: return in.lastReinforcedAt;
    case UpdatedColumn: return s.updatedAt(row);
    case LastAccessedColumn: return in.lastAccessedAt;
    case ImportanceColumn: return double(in.importance);
    case StabilityColumn: return double(in.stability);
    case VerifiedColumn: return s.has(row, MemorySnapshot::Verified);
    case FlagsColumn: return int(s.flags(row));
    case LevelColumn: return int(s.level(row)) * 2 + (s.has(row, MemorySnapshot::Compressed) ? 1 : 0);
    default: return displayValue(row, column);
    }
}

QVariant MemoryTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || std::size_t(index.row()) >= m_view.visibleCount() || !m_view.isEvaluated())
        return {};
    const std::uint32_t row = m_view.rowAt(std::size_t(index.row()));
    const MemorySnapshot &s = m_session->snapshot();
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole: return displayValue(row, column);
    case Qt::ToolTipRole:
        if (column == ContentColumn) {
            // Tooltips guess at rich text; escape so memory text is always shown as typed.
            return QStringLiteral("<p style='white-space:pre-wrap'>%1</p>").arg(shownContent(row).toHtmlEscaped());
        }
        if (column == FlagsColumn || column == StrengthColumn || column == TierColumn || column == LevelColumn)
            return columnDescription(Column(column));
        return {};
    case Qt::FontRole: {
        const bool negated = s.has(row, MemorySnapshot::Negated);
        const bool deleted = s.has(row, MemorySnapshot::Deleted);
        const bool archived = s.level(row) == MemoryLevel::Archive;
        if (!negated && !deleted && !archived)
            return {};
        QFont font;
        font.setStrikeOut(negated || deleted);
        font.setItalic(archived || deleted);
        return font;
    }
    case Qt::ForegroundRole:
        if (s.level(row) == MemoryLevel::Archive || s.has(row, MemorySnapshot::Deleted))
            return QColor(0x80, 0x80, 0x80);
        return {};
    case Qt::DecorationRole:
        if (column == ContentColumn && s.has(row, MemorySnapshot::Permanent))
            return m_permanentMark;
        return {};
    case Qt::TextAlignmentRole:
        switch (Column(column)) {
        case ScoreColumn:
        case ConfidenceColumn:
        case AccessesColumn:
        case ReinforcementsColumn:
        case ImportanceColumn:
        case StabilityColumn:
        case SensitivityColumn: return QVariant(Qt::AlignRight | Qt::AlignVCenter);
        case VerifiedColumn: return QVariant(Qt::AlignCenter);
        default: return {};
        }
    case IdRole: return s.id(row);
    case SortRole: return sortValue(row, column);
    case TierRole: return int(m_view.tier(row));
    case TierNameRole: return TierText::label(m_view.tier(row));
    case StrengthRole: return m_view.strength(row);
    case ScoreRole: return m_view.score(row);
    case PermanentRole: return s.has(row, MemorySnapshot::Permanent);
    case NegatedRole: return s.has(row, MemorySnapshot::Negated);
    case DeletedRole: return s.has(row, MemorySnapshot::Deleted);
    case ArchivedRole: return s.level(row) == MemoryLevel::Archive;
    case CompressedRole: return s.has(row, MemorySnapshot::Compressed);
    case VerifiedRole: return s.has(row, MemorySnapshot::Verified);
    case SupersededRole: return s.has(row, MemorySnapshot::Superseded);
    case SensitivityRole: return s.sensitivity(row);
    case CategoryRole: return s.category(row);
    case KeywordsRole: return s.keywords(row);
    case ContentRole: return s.contentPreview(row);
    case SnapshotRowRole: return row;
    default: return {};
    }
}

QVariant MemoryTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::DisplayRole)
        return columnTitle(Column(section));
    if (role == Qt::ToolTipRole)
        return columnDescription(Column(section));
    return {};
}

void MemoryTableModel::sort(int column, Qt::SortOrder order)
{
    m_sortColumn = column >= 0 && column < ColumnCount ? column : -1;
    m_sortOrder = order;
    const SortKey key = m_sortColumn < 0 ? SortKey::None : sortKeyFor(Column(m_sortColumn));
    m_view.setSort(key, order == Qt::DescendingOrder);
    if (!m_session->isOpen() || m_resetting)
        return;
    applyOrder(m_view.computeOrder());
}

void MemoryTableModel::setFilter(const SnapshotFilter &filter)
{
    if (filter == m_view.filter())
        return;
    beginResetModel();
    m_view.setFilter(filter);
    m_view.rebuild();
    endResetModel();
    Q_EMIT contentsChanged();
}

void MemoryTableModel::onAboutToReload()
{
    m_resetting = true;
    beginResetModel();
}

void MemoryTableModel::onReloaded()
{
    m_view.setSnapshot(&m_session->snapshot());
    if (m_session->isOpen()) {
        m_view.evaluate(m_session->profile(), m_session->now());
        m_view.rebuild();
    }
    m_resetting = false;
    endResetModel();
    Q_EMIT contentsChanged();
}

void MemoryTableModel::reevaluateAll()
{
    if (!m_session->isOpen() || m_resetting)
        return;
    m_view.evaluate(m_session->profile(), m_session->now());
    applyOrder(m_view.computeOrder());
}

void MemoryTableModel::applyOrder(std::vector<std::uint32_t> order)
{
    // Same set of rows → a layout change keeps selection and current through the persistent
    // indexes; a different set → a reset (SelectionKeeper restores what it can).
    bool sameSet = order.size() == m_view.visibleCount();
    if (sameSet) {
        std::vector<bool> shown(m_session->snapshot().size(), false);
        for (std::uint32_t row : m_view.order())
            shown[row] = true;
        for (std::uint32_t row : order) {
            if (!shown[row]) {
                sameSet = false;
                break;
            }
        }
    }
    if (!sameSet) {
        beginResetModel();
        m_view.setOrder(std::move(order));
        endResetModel();
        Q_EMIT contentsChanged();
        return;
    }
    Q_EMIT layoutAboutToBeChanged({}, QAbstractItemModel::VerticalSortHint);
    const QModelIndexList from = persistentIndexList();
    std::vector<std::uint32_t> rows;
    rows.reserve(std::size_t(from.size()));
    for (const QModelIndex &index : from)
        rows.push_back(m_view.rowAt(std::size_t(index.row())));
    m_view.setOrder(std::move(order));
    QModelIndexList to;
    to.reserve(from.size());
    for (qsizetype i = 0; i < from.size(); ++i) {
        const qint64 position = m_view.positionOf(rows[std::size_t(i)]);
        to.append(position < 0 ? QModelIndex() : index(int(position), from[i].column()));
    }
    changePersistentIndexList(from, to);
    Q_EMIT layoutChanged({}, QAbstractItemModel::VerticalSortHint);
    Q_EMIT contentsChanged();
}

void MemoryTableModel::onRowsRefreshed(const QList<quint32> &rows)
{
    if (m_resetting || !m_session->isOpen())
        return;
    std::vector<std::uint32_t> changed(rows.begin(), rows.end());
    if (rows.size() > kIncrementalLimit) {
        m_view.evaluateRows(m_session->profile(), m_session->now(), changed);
        applyOrder(m_view.computeOrder());
        return;
    }
    m_view.evaluateRows(m_session->profile(), m_session->now(), changed);
    const int lastColumn = ColumnCount - 1;
    for (std::uint32_t row : changed) {
        // Find the row by its old key, then give it the new one and move it where it belongs.
        const qint64 oldPosition = m_view.findPosition(row);
        const bool visible = m_view.passes(row);
        m_view.updateKey(row);
        if (oldPosition >= 0 && visible) {
            const std::size_t target = m_view.insertionPointExcluding(std::size_t(oldPosition), row);
            const int from = int(oldPosition);
            const int to = int(target);
            if (to != from) {
                beginMoveRows({}, from, from, {}, to > from ? to + 1 : to);
                m_view.removeAt(std::size_t(from));
                m_view.insertAt(target, row);
                endMoveRows();
            }
            Q_EMIT dataChanged(index(to, 0), index(to, lastColumn));
        } else if (oldPosition >= 0) {
            beginRemoveRows({}, int(oldPosition), int(oldPosition));
            m_view.removeAt(std::size_t(oldPosition));
            endRemoveRows();
        } else if (visible) {
            const std::size_t target = m_view.insertionPoint(row);
            beginInsertRows({}, int(target), int(target));
            m_view.insertAt(target, row);
            endInsertRows();
        }
    }
    Q_EMIT contentsChanged();
}

} // namespace recollector::ui
