// The strength bar (issue 20, item 5) always takes its tier's colour: under the importance
// profile a row whose strength is low but whose tier is "active" gets a green bar, not the
// orange its strength alone would give; a row without a tier falls back to the strength.
#include "delegates/StrengthDelegate.h"
#include "models/Roles.h"

#include <QImage>
#include <QPainter>
#include <QStandardItemModel>
#include <QStyleOptionViewItem>
#include <QtTest>

using namespace recollector;
using namespace recollector::ui;

class TestStrengthBar : public QObject
{
    Q_OBJECT

private:
    // The colour in the middle of the filled part of the bar of a 10 % strength row.
    static QColor barColor(const QVariant &tier)
    {
        QStandardItemModel model(1, ColumnCount);
        const QModelIndex index = model.index(0, StrengthColumn);
        model.setData(index, 10.0, StrengthRole);
        model.setData(index, false, PermanentRole);
        if (tier.isValid())
            model.setData(index, tier, TierRole);
        StrengthDelegate delegate;
        QImage image(200, 24, QImage::Format_ARGB32);
        image.fill(Qt::white);
        QPainter painter(&image);
        QStyleOptionViewItem option;
        option.rect = image.rect();
        option.font = QFont();
        delegate.paint(&painter, option, index);
        painter.end();
        return image.pixelColor(4 + 6, 12);
    }

private Q_SLOTS:
    void theBarTakesTheTiersColour_data()
    {
        QTest::addColumn<int>("tier");
        for (core::Tier t : {core::Tier::Active, core::Tier::Fading, core::Tier::Weak, core::Tier::Forgotten})
            QTest::newRow(qPrintable(core::tierName(t))) << int(t);
    }

    void theBarTakesTheTiersColour()
    {
        QFETCH(int, tier);
        QCOMPARE(barColor(tier).name(), StrengthDelegate::tierColor(core::Tier(tier)).name());
    }

    void withoutATierTheStrengthDecides()
    {
        QCOMPARE(barColor({}).name(), StrengthDelegate::strengthColor(10.0).name());
    }
};

QTEST_MAIN(TestStrengthBar)
#include "tst_strengthbar.moc"
