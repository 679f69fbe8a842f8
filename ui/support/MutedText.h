#pragma once

#include <QColor>
#include <QPalette>
#include <QWidget>

namespace recollector::ui {

/// Gives a label the colour of secondary text: the window text blended 35 % towards the
/// window background, so it reads quieter than the main text in light and dark themes alike
/// yet stays well above the contrast of palette(mid).
inline void makeMuted(QWidget *widget)
{
    QPalette p = widget->palette();
    const QColor fg = p.color(QPalette::WindowText);
    const QColor bg = p.color(QPalette::Window);
    constexpr double kTowardsBackground = 0.35;
    const QColor muted = QColor::fromRgbF(float(fg.redF() + (bg.redF() - fg.redF()) * kTowardsBackground),
                                          float(fg.greenF() + (bg.greenF() - fg.greenF()) * kTowardsBackground),
                                          float(fg.blueF() + (bg.blueF() - fg.blueF()) * kTowardsBackground));
    p.setColor(QPalette::WindowText, muted);
    widget->setPalette(p);
}

} // namespace recollector::ui
