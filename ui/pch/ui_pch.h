// The precompiled header of every UI library (ui/CMakeLists.txt): Qt Widgets, Charts and
// Concurrent. Their parsing was about half of a view's compile time.
#pragma once

#include <QtCharts>
#include <QtConcurrent>
#include <QtWidgets>

#include <algorithm>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>
